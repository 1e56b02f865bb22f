// The coach marks of a first solo Aus die Maus! match (shared/coach.js): your stack, what the
// chips are for, and how to turn over; then where the full rules are. Words only: the page
// decides nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";
import { t } from "/static/shared/i18n.js";

/** Offer the tips on the first turn of the player's first solo match (`app`: the page's model). */
export function coachFirstTurn(app) {
  const mine = () => soloSeat(app.snapshot) ?? 0;
  return offerCoach({
    game: "ausdiemaus",
    action: document.getElementById("turn-over"),
    state: () => ({ snapshot: app.snapshot, record: app.record }),
    steps: [
      {
        target: () => document.querySelector(`[data-testid="stack-${mine()}"]`),
        title: t("adm.coach.stack.title"),
        text: t("adm.coach.stack.text"),
      },
      {
        target: () => document.querySelector('[data-testid="chip-supply"]'),
        title: t("adm.coach.chips.title"),
        text: t("adm.coach.chips.text"),
      },
      {
        target: () => document.getElementById("turn-over"),
        title: t("adm.coach.turn.title"),
        text: `${byInput(t("adm.coach.turn.key"), t("adm.coach.turn.tap"))} ${t("adm.coach.turn.text")}`,
      },
      RULES_TIP,
    ],
  });
}
