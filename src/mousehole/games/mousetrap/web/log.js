// Event log lines: the server's committed moves and events in plain words with seat names
// (never raw JSON). The newest line is on top; the last lines are kept with the autosave.

import { createLogList, nameList } from "/static/shared/log-list.js";
import { formatList, t } from "/static/shared/i18n.js";
import { SPACES, COMPONENT_COUNT, COMPONENT_NAMES } from "./board.js";

const list = createLogList(150);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function place(index) {
  return t("mt.place", { space: index, label: SPACES[index].label });
}

/** The log sentence of one player action (or "" when its events say it better). */
export function describeAction(move, seatName) {
  const action = move.action;
  if (move.seat === "chance") return "";
  const who = seatName(move.seat);
  switch (action.type) {
    case "spend": return t("mt.log.spend", { who, whom: seatName(action.target) });
    case "crank": return t("mt.log.crank", { who });
    case "end": return t("mt.log.end", { who });
    // A split is told by the "took" event it causes ("Ann takes 1 from Bo and 1 from Cy."):
    // a line for the action as well would say it twice.
    default: return "";
  }
}

/** The log sentence of one event (or "" for an event that only echoes its action). */
export function describeEvent(event, seatName, context = {}) {
  const who = seatName(event.seat);
  switch (event.type) {
    case "start": return t("mt.log.start", { who });
    case "moved":
      // A 6 on the loop of six spaces goes all the way round, back where it started.
      if (event.from === event.to) {
        if (event.paid) return t("mt.log.pushed-round", { who, count: event.die, place: place(event.to) });
        return t("mt.log.rolled-round", { who, die: event.die, place: place(event.to) });
      }
      if (event.paid) return t("mt.log.pushed", { who, count: event.die, from: event.from, place: place(event.to) });
      return t("mt.log.rolled", { who, die: event.die, from: event.from, place: place(event.to) });
    case "redirected": return t("mt.log.redirected", { label: SPACES[event.from].label, who, place: place(event.to) });
    case "built": {
      // the components by number, named in the reader's language (the event's names are English)
      const names = formatList(event.components.map((n) => t("mt.part", { number: n, name: COMPONENT_NAMES[n - 1] })));
      const last = event.components[event.components.length - 1];
      return event.cheese
        ? t("mt.log.built", { who, names, count: event.cheese, last, total: COMPONENT_COUNT })
        : t("mt.log.built-empty", { who, names, last, total: COMPONENT_COUNT });
    }
    case "no_build":
      if (event.reason === "complete") return t("mt.log.no-build-complete");
      return t("mt.log.no-build", { count: context.seatCount || 0 });
    case "collected":
      if (event.cheese === event.asked) return t("mt.log.collected", { who, count: event.cheese });
      return t("mt.log.collected-short", { who, cheese: event.cheese, count: event.asked });
    case "shortfall": return t("mt.log.shortfall", { missing: event.missing });
    case "took": {
      const parts = Object.entries(event.from).map(([seat, n]) => t("mt.log.took-from", { count: n, whom: seatName(Number(seat)) }));
      return parts.length ? t("mt.log.took", { who, parts: nameList(parts) }) : t("mt.log.took-none", { who });
    }
    case "split_needed":
      return t("mt.log.split", { who, amount: event.amount, names: nameList(event.from.map(seatName)) });
    case "lost": return t("mt.log.lost", { who, count: event.cheese });
    case "trap_phase": return t("mt.log.trap-phase", { who });
    case "cage_stuck": return t("mt.log.cage-stuck");
    case "captured":
      return t("mt.log.captured", { names: nameList(event.victims.map(seatName)), who, count: event.cheese });
    case "won": return t("mt.log.won", { who });
    default: return "";
  }
}

/** Landing on a quiet space still deserves a line: what happened there (nothing). */
export function quietLanding(event, events, seatName) {
  if (event.type !== "moved" || event.paid) return "";
  const space = SPACES[event.to];
  const others = events.filter((e) => e !== event && e.type !== "start");
  if (others.length) return "";
  if (space.kind === "dog_bone") return t("mt.log.quiet-bone", { who: seatName(event.seat) });
  if (space.kind === "safe") return t("mt.log.quiet-safe", { who: seatName(event.seat) });
  if (space.kind === "turn_crank") return t("mt.log.quiet-crank");
  if (space.kind === "start") return t("mt.log.quiet-start");
  return "";
}
