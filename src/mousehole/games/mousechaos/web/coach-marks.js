// The coach marks of a first solo Mouse Chaos match (shared/coach.js): the holders and their
// numbers, your secret colour, the peeks; then where the full rules are. Words only: the page
// decides nothing here, and the tips never stop play (the kitchen keeps its keys and clicks).

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";
import { t } from "/static/shared/i18n.js";

/** Offer the tips on the first turn of the player's first solo match (`app`: the page's model).
    The turn is played on the kitchen, which has no button to watch: the page calls `check()`
    of the returned handle whenever a snapshot arrives. */
export function coachFirstTurn(app) {
  const you = () => soloSeat(app.snapshot) ?? 0;
  return offerCoach({
    game: "mousechaos",
    action: document.getElementById("kitchen"),
    state: () => ({ snapshot: app.snapshot, record: app.record }),
    steps: [
      {
        target: () => document.getElementById("kitchen"),
        title: t("mc.coach.pick.title"),
        text: byInput(t("mc.coach.pick.text"), t("mc.coach.pick.text-touch")),
      },
      {
        target: () => document.querySelector(`#seats [data-seat="${you()}"] .mc-seat-cards`),
        title: t("mc.coach.colour.title"),
        text: t("mc.coach.colour.text"),
      },
      {
        target: () => document.querySelector(".mc-legend"),
        title: t("mc.coach.peek.title"),
        text: t("mc.coach.peek.text"),
      },
      RULES_TIP,
    ],
  });
}
