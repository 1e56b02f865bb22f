// "What happened": the list every game page keeps of its events in words, newest first, drawn
// at most once a frame, and saved with the match (exportLog / restoreLog). Each game's log.js
// turns its events into lines; this module keeps and draws them. A turn heading ("Ann's
// turn.", a line added with `turn`) opens a turn: the turns are newest first, but a turn reads
// top to bottom, its heading above its lines in the order they happened.

import { formatList } from "/static/shared/i18n.js";

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function nameList(names) {
  return formatList(names);
}

/** A log of at most `maxLines` lines: {initLog, addLine, clearLog, exportLog, restoreLog}. */
export function createLogList(maxLines) {
  let list = null;
  let lines = [];
  let drawQueued = false;

  /** The lines in the order they are shown: turns newest first, each turn in time order. */
  function shown() {
    const groups = [];
    let turn = null;
    for (const line of lines) {
      if (line.turn) {
        turn = [line];
        groups.push(turn);
      } else if (turn) {
        turn.push(line);
      } else {
        groups.push([line]); // before the first turn: each line on its own, newest first
      }
    }
    return groups.reverse().flat();
  }

  function draw() {
    if (!list) return;
    const fragment = document.createDocumentFragment();
    for (const line of shown()) {
      const item = document.createElement("li");
      item.className = `log-line${line.kind ? ` log-${line.kind}` : ""}`;
      if (line.seat !== undefined && line.seat !== null) item.dataset.seat = String(line.seat);
      if (line.turn) item.classList.add("log-turn");
      item.textContent = line.text;
      fragment.append(item);
    }
    list.replaceChildren(fragment);
  }

  return {
    /** Draw into this list element from now on. */
    initLog(element) {
      list = element;
    },
    /** Add a line; `kind` colours it (log-<kind>), `seat` tags it, `turn` marks a turn head. */
    addLine(text, { kind = "", seat = null, turn = false } = {}) {
      if (!text) return;
      lines.push({ text, kind, seat, turn });
      if (lines.length > maxLines) lines = lines.slice(-maxLines);
      if (!drawQueued) {
        drawQueued = true;
        requestAnimationFrame(() => {
          drawQueued = false;
          draw();
        });
      }
    },
    clearLog() {
      lines = [];
      draw();
    },
    /** The last `count` lines (the autosave keeps 60; a replay keeps them all, per step). */
    exportLog(count = 60) {
      return lines.slice(-count);
    },
    restoreLog(saved) {
      lines = Array.isArray(saved) ? saved.filter((l) => l && typeof l.text === "string") : [];
      draw();
    },
  };
}
