// The coach marks of a first solo Aus die Maus! match (shared/coach.js): your stack, what the
// chips are for, and how to turn over; then where the full rules are. Words only: the page
// decides nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";

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
        title: "This is your stack",
        text: "Nobody sees what is in any stack, not even their own: you just turn over the top card.",
      },
      {
        target: () => document.querySelector('[data-testid="chip-supply"]'),
        title: "Catch mice, win chips",
        text: "A cat that catches a mouse wins the whole pile and a mouse chip. "
          + "When the last chip is won, the biggest stack wins.",
      },
      {
        target: () => document.getElementById("turn-over"),
        title: "Your turn: turn over!",
        text: `${byInput("Press Turn over (or T).", "Tap Turn over.")} A mouse means the next player must find a cat within its paws.`,
      },
      RULES_TIP,
    ],
  });
}
