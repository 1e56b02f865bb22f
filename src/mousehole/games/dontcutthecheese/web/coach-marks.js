// The coach marks of a first solo Don't Cut the Cheese match (shared/coach.js): the paper and
// its strength, the spinner, the tokens to collect; then where the full rules are. Words only:
// the page decides nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";
import { t } from "/static/shared/i18n.js";

/** Offer the tips on the first turn of the player's first solo match (`app`: the page's model). */
export function coachFirstTurn(app) {
  const you = () => soloSeat(app.snapshot) ?? 0;
  return offerCoach({
    game: "dontcutthecheese",
    action: document.getElementById("spin"),
    state: () => ({ snapshot: app.snapshot, record: app.record }),
    steps: [
      {
        target: () => document.querySelector('[data-testid="paper"]'),
        title: t("dcc.coach.paper.title"),
        text: t("dcc.coach.paper.text"),
      },
      {
        target: () => document.getElementById("spin"),
        title: t("dcc.coach.spin.title"),
        text: byInput(t("dcc.coach.spin.key"), t("dcc.coach.spin.tap")),
      },
      {
        target: () => document.querySelector(`[data-testid="seat-tokens-${you()}"]`),
        title: t("dcc.coach.tokens.title"),
        text: t("dcc.coach.tokens.text"),
      },
      RULES_TIP,
    ],
  });
}
