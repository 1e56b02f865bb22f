// The coach marks of a first solo Don't Cut the Cheese match (shared/coach.js): the paper and
// its strength, the spinner, the tokens to collect; then where the full rules are. Words only:
// the page decides nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";

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
        title: "Don't cut the cheese",
        text: "Each bite weakens the paper. Its strength (0 to 5) is on the meter; somewhere below it the paper "
          + "tears, and nobody knows where until it snaps. Whoever snaps it draws no token.",
      },
      {
        target: () => document.getElementById("spin"),
        title: "Spin, then bite",
        text: `${byInput("Spin (or Space)", "Spin")} to learn how many bites you take. Then move Max's mouth over the paper: `
          + "he shows the strength after each bite before you take it.",
      },
      {
        target: () => document.querySelector(`[data-testid="seat-tokens-${you()}"]`),
        title: "Collect all three colours",
        text: "After a snap everyone else draws a token. The first to hold orange, white and yellow wins.",
      },
      RULES_TIP,
    ],
  });
}
