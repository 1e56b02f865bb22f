// Event log lines: the server's committed moves and events in plain words with seat names
// (never raw JSON). The newest line is on top; the last lines are kept with the autosave.

import { createLogList, nameList } from "/static/shared/log-list.js";
import { SPACES, COMPONENT_COUNT } from "./board.js";

const list = createLogList(150);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function place(index) {
  return `${index} (${SPACES[index].label})`;
}

/** The log sentence of one player action (or "" when its events say it better). */
export function describeAction(move, seatName) {
  const action = move.action;
  if (move.seat === "chance") return "";
  const who = seatName(move.seat);
  switch (action.type) {
    case "spend": return `${who} pays 1 cheese to move ${seatName(action.target)}.`;
    case "crank": return `${who} turns the crank!`;
    case "end": return `${who} finishes the turn.`;
    // A split is told by the "took" event it causes ("Ann takes 1 from Bo and 1 from Cy."):
    // a line for the action as well would say it twice.
    default: return "";
  }
}

/** The log sentence of one event (or "" for an event that only echoes its action). */
export function describeEvent(event, seatName, context = {}) {
  const who = seatName(event.seat);
  switch (event.type) {
    case "start": return `${who} rolls first.`;
    case "moved":
      // A 6 on the loop of six spaces goes all the way round, back where it started.
      if (event.from === event.to) {
        const how = event.paid ? `is pushed ${event.die}` : `rolls a ${event.die} and goes`;
        return `${who} ${how} once round the loop back to ${place(event.to)}.`;
      }
      if (event.paid) {
        return `${who} is pushed ${event.die} from ${event.from} to ${place(event.to)}.`;
      }
      return `${who} rolls a ${event.die} and moves from ${event.from} to ${place(event.to)}.`;
    case "redirected": return `${SPACES[event.from].label}: ${who} goes to ${place(event.to)}.`;
    case "built": {
      const names = event.names.map((n, i) => `#${event.components[i]} ${n}`).join(" and ");
      const last = event.components[event.components.length - 1];
      const cheese = event.cheese ? ` and gets ${event.cheese} cheese` : " (the supply is empty)";
      return `${who} installs ${names}${cheese}. Machine ${last} / ${COMPONENT_COUNT}.`;
    }
    case "no_build":
      if (event.reason === "complete") return "The machine is already complete: nothing to build.";
      return `This Build space is not used in a ${context.seatCount || ""}-mouse game: nothing happens.`;
    case "collected":
      if (event.cheese === event.asked) return `${who} takes ${event.cheese} cheese from the supply.`;
      return `${who} takes ${event.cheese} of ${event.asked} cheese from the supply.`;
    case "shortfall": return `The supply is short by ${event.missing}: the richest rival pays.`;
    case "took": {
      const parts = Object.entries(event.from).map(([seat, n]) => `${n} from ${seatName(Number(seat))}`);
      return parts.length ? `${who} takes ${nameList(parts)}.` : `${who} finds no cheese to take.`;
    }
    case "split_needed":
      return `${who} chooses how to take ${event.amount} from ${nameList(event.from.map(seatName))}.`;
    case "lost": return `${who} returns ${event.cheese} cheese to the supply.`;
    case "trap_phase": return `${who} is on Turn Crank with the machine complete: trap phase!`;
    case "cage_stuck": return "The cage sticks! Nobody is caught.";
    case "captured":
      return `The cage falls on ${nameList(event.victims.map(seatName))}! ${who} gets ${event.cheese} cheese.`;
    case "won": return `${who} is the last free mouse and wins!`;
    default: return "";
  }
}

/** Landing on a quiet space still deserves a line: what happened there (nothing). */
export function quietLanding(event, events, seatName) {
  if (event.type !== "moved" || event.paid) return "";
  const space = SPACES[event.to];
  const others = events.filter((e) => e !== event && e.type !== "start");
  if (others.length) return "";
  if (space.kind === "dog_bone") return `Dog Bone: ${seatName(event.seat)}'s turn ends.`;
  if (space.kind === "safe") return `${seatName(event.seat)} is Safe from paid moves here.`;
  if (space.kind === "turn_crank") return "Turn Crank: the machine is not complete yet.";
  if (space.kind === "start") return "Back at Start.";
  return "";
}
