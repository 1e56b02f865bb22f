// The coach marks of a first solo Mouse Trap match (shared/coach.js): who you are, what the
// trap is for, and how to roll; then where the full rules are. Words only: the page decides
// nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";
import { t } from "/static/shared/i18n.js";
import { TOKENS } from "./board.js";

/** Offer the tips on the first turn of the player's first solo match (`app`: the page's model). */
export function coachFirstTurn(app) {
  const mine = () => soloSeat(app.snapshot) ?? 0;
  return offerCoach({
    game: "mousetrap",
    action: document.getElementById("roll"),
    state: () => ({ snapshot: app.snapshot, record: app.record }),
    steps: [
      {
        target: () => document.querySelector(`[data-testid="seat-panel-${mine()}"]`),
        title: t("mt.coach.mouse.title"),
        text: t("mt.coach.mouse.text", { token: TOKENS[mine()].label }),
      },
      {
        target: () => document.getElementById("components")?.closest(".machine-stats") ?? null,
        title: t("mt.coach.build.title"),
        text: t("mt.coach.build.text"),
      },
      {
        target: () => document.getElementById("roll"),
        title: t("mt.coach.roll.title"),
        text: `${byInput(t("mt.coach.roll.key"), t("mt.coach.roll.tap"))} ${t("mt.coach.roll.text")}`,
      },
      RULES_TIP,
    ],
  });
}
