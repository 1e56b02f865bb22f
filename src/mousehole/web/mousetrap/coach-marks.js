// The coach marks of a first solo Mouse Trap match (shared/coach.js): who you are, what the
// trap is for, and how to roll; then where the full rules are. Words only: the page decides
// nothing here, and the tips never stop play.

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";
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
        title: "This is your mouse",
        text: `You are the ${TOKENS[mine()].label}. Every mouse starts on Start, and the last one still free wins.`,
      },
      {
        target: () => document.getElementById("components")?.closest(".machine-stats") ?? null,
        title: "Build the trap together",
        text: "Landing on a Build space adds the next of the trap’s 23 parts and pays a cheese. "
          + "Once it is finished, landing on Turn Crank lets you drop the cage on the Cheese Wheel.",
      },
      {
        target: () => document.getElementById("roll"),
        title: "Your turn: roll!",
        text: `${byInput("Press Roll (or R).", "Tap Roll.")} Your mouse moves that many spaces, and only the space it lands on counts.`,
      },
      RULES_TIP,
    ],
  });
}
