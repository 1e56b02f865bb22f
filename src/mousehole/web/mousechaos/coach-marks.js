// The coach marks of a first solo Mouse Chaos match (shared/coach.js): the holders and their
// numbers, your secret colour, the peeks; then where the full rules are. Words only: the page
// decides nothing here, and the tips never stop play (the kitchen keeps its keys and clicks).

import { RULES_TIP, offerCoach, soloSeat } from "/static/shared/coach.js";
import { byInput } from "/static/shared/input.js";

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
        title: "Pick a cheese holder",
        text: `Start with a holder from the table (${byInput("click it, or the arrow keys and Enter", "tap it")}). Its number, `
          + "1 to 6, is how far the holder moves, and then how far you move one cat or one mouse.",
      },
      {
        target: () => document.querySelector(`#seats [data-seat="${you()}"] .mc-seat-cards`),
        title: "Your secret colour",
        text: "Only you see your card. Steer mice of your colour into your nest: the first player with "
          + "four of their colour there wins. A wrong mouse is sent away when the nest is full.",
      },
      {
        target: () => document.querySelector(".mc-legend"),
        title: "Peek under the holders",
        text: "Lifting a holder off a mouse, or landing one on it, shows you that mouse's colour, "
          + "and only you. The eye marks the mice you have peeked at.",
      },
      RULES_TIP,
    ],
  });
}
