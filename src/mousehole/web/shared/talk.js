// Talk in an online room (docs/online.md, Talk), for every game's page: reaction buttons
// (drawn faces and preset phrases), a bubble beside the speaking seat in the room's seat list, a
// small chat log with an input, and the host's chat switch. Game-agnostic; room-ui.js mounts it
// under its seat list, and lines arrive as `said` messages through net.js's `roomTalk`.
//
// Everything said is text from other people: it is only ever inserted with textContent (never
// as markup), so a line such as "<img onerror=...>" shows as those characters.
//
//   const talk = createTalk({send, announce});
//   talk.element               the section to place (room-ui.js puts it under the seats)
//   talk.update(snapshot)      redraw: `chat_on`, `you`, and `chat` (the recent lines) when the
//                              snapshot is a full one (updates leave `chat` out)
//   talk.decorate(list)        put the live bubbles back after the seat list was redrawn
//   talk.refusal(error)        show a refusal with `about: "talk"` beside the chat (true when)
// Its styles are talk.css, which it loads itself.
// Test ids: talk, talk-reactions, react-{id}, talk-log, talk-line-{index}, talk-form,
// talk-input, talk-send, talk-off-note, talk-switch, talk-message, talk-bubble-{seat}.

import { roomTalk } from "/static/shared/net.js";
import { errorText, t } from "/static/shared/i18n.js";

/** The reactions the server accepts (server/rooms/talk.py REACTIONS), as the page shows them. */
export const REACTIONS = [
  { id: "cheese", icon: true, label: t("talk.react.cheese") },
  { id: "laugh", icon: true, label: t("talk.react.laugh") },
  { id: "wow", icon: true, label: t("talk.react.wow") },
  { id: "clap", icon: true, label: t("talk.react.clap") },
  { id: "nice_trap", label: t("talk.react.nice_trap") },
  { id: "your_turn", label: t("talk.react.your_turn") },
  { id: "good_game", label: t("talk.react.good_game") },
  { id: "well_played", label: t("talk.react.well_played") },
  { id: "oops", label: t("talk.react.oops") },
];

export const MAX_LINE = 200; // characters (code points) once trimmed, as the server counts
const SHOWN_LINES = 50; // the log keeps what a full snapshot carries
const BUBBLE_MS = 4000;

const byId = new Map(REACTIONS.map((r) => [r.id, r]));

// The reactions' pictures, drawn in the house style (ink outlines, cheese yellow) rather than
// emoji, which many machines draw as empty boxes. Each is [tag, attributes] in an 18 x 18 box.
const INK = "#3a2817";
const FACE = ["circle", { cx: 9, cy: 9.5, r: 7, fill: "#f6c945", stroke: INK, "stroke-width": 1.6 }];
const DRAWINGS = {
  cheese: [
    ["path", { d: "M2.5 14.5 L15.5 4.5 L16 14.5 Z", fill: "#f6c945", stroke: INK, "stroke-width": 1.6, "stroke-linejoin": "round" }],
    ["circle", { cx: 11.5, cy: 11.5, r: 1.4, fill: "#c98f1a" }],
    ["circle", { cx: 14, cy: 8.5, r: 0.9, fill: "#c98f1a" }],
  ],
  laugh: [
    FACE,
    ["path", { d: "M5.6 8 Q6.6 6.6 7.6 8 M10.4 8 Q11.4 6.6 12.4 8", fill: "none", stroke: INK, "stroke-width": 1.3, "stroke-linecap": "round" }],
    ["path", { d: "M5.3 10.6 Q9 15.8 12.7 10.6 Z", fill: INK }],
  ],
  wow: [
    FACE,
    ["circle", { cx: 6.6, cy: 7.8, r: 1.1, fill: INK }],
    ["circle", { cx: 11.4, cy: 7.8, r: 1.1, fill: INK }],
    ["ellipse", { cx: 9, cy: 12.3, rx: 1.8, ry: 2.3, fill: INK }],
  ],
  clap: [
    ["rect", { x: 3.6, y: 6, width: 4.6, height: 10, rx: 2.3, fill: "#f9d9b8", stroke: INK, "stroke-width": 1.4, transform: "rotate(-16 5.9 11)" }],
    ["rect", { x: 9.8, y: 6, width: 4.6, height: 10, rx: 2.3, fill: "#f9d9b8", stroke: INK, "stroke-width": 1.4, transform: "rotate(16 12.1 11)" }],
    ["path", { d: "M9 1.2 V3.6 M5.2 2.2 L6.3 4 M12.8 2.2 L11.7 4", stroke: INK, "stroke-width": 1.3, "stroke-linecap": "round" }],
  ],
};

/** A reaction's picture as an SVG element (decorative: its label is said in words). */
function drawing(id) {
  const svgNs = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNs, "svg");
  for (const [key, value] of Object.entries({ viewBox: "0 0 18 18", class: "talk-icon", "aria-hidden": "true", focusable: "false" })) {
    svg.setAttribute(key, value);
  }
  for (const [tag, attrs] of DRAWINGS[id] || []) {
    const part = document.createElementNS(svgNs, tag);
    for (const [key, value] of Object.entries(attrs)) part.setAttribute(key, String(value));
    svg.append(part);
  }
  return svg;
}

/** What a line says, for the log, a bubble and screen readers. */
function wording(line) {
  if (line.kind !== "react") return { shown: line.text, spoken: t("talk.said", { who: line.name, text: line.text }) };
  const reaction = byId.get(line.text) || { label: line.text };
  return {
    icon: reaction.icon ? line.text : null,
    shown: reaction.label,
    spoken: reaction.icon ? t("talk.reacts", { who: line.name, what: reaction.label }) : t("talk.said", { who: line.name, text: reaction.label }),
  };
}

function node(tag, { className, text, testid, attrs } = {}) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  if (testid) element.dataset.testid = testid;
  for (const [key, value] of Object.entries(attrs || {})) element.setAttribute(key, value);
  return element;
}

/** Load talk.css once (a <link>, not an @import in room-ui.css: axe-core, which the browser
 * tests run, copies imported sheets into inline <style> elements that the page's CSP refuses). */
function loadStyles() {
  const href = "/static/shared/talk.css";
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(node("link", { attrs: { rel: "stylesheet", href } }));
}

export function createTalk({ send, announce }) {
  loadStyles();
  let snapshot = null;
  let lines = [];
  let list = null; // the room's seat list, where bubbles go
  const bubbles = new Map(); // seat -> {icon, text, timer}: shown until the timer fires

  const element = node("section", { className: "talk", testid: "talk", attrs: { "aria-labelledby": "talk-title" } });
  const title = node("h3", { className: "talk-title", text: t("talk.title"), attrs: { id: "talk-title" } });
  const reactions = node("div", {
    className: "talk-reactions",
    testid: "talk-reactions",
    attrs: { role: "group", "aria-label": t("talk.reactions") },
  });
  for (const reaction of REACTIONS) {
    const button = node("button", {
      className: `talk-react${reaction.icon ? " talk-pictured" : ""}`,
      testid: `react-${reaction.id}`,
      attrs: { type: "button" },
    });
    if (reaction.icon) {
      button.append(drawing(reaction.id));
      button.setAttribute("aria-label", reaction.label);
      button.title = reaction.label;
    } else {
      button.textContent = reaction.label;
    }
    button.addEventListener("click", () => {
      if (send({ type: "react", what: reaction.id })) say("");
    });
    reactions.append(button);
  }
  const log = node("ol", {
    className: "talk-log",
    testid: "talk-log",
    attrs: { "aria-label": t("talk.log"), tabindex: "0" },
  });
  const empty = node("p", { className: "talk-empty", text: t("talk.empty") });
  const form = node("form", { className: "talk-form", testid: "talk-form", attrs: { novalidate: "" } });
  const label = node("label", { className: "visually-hidden", text: t("talk.input"), attrs: { for: "talk-input" } });
  const input = node("input", {
    testid: "talk-input",
    attrs: { id: "talk-input", type: "text", autocomplete: "off", enterkeyhint: "send", placeholder: t("talk.placeholder") },
  });
  const sendButton = node("button", { className: "btn btn-small", text: t("talk.send"), testid: "talk-send", attrs: { type: "submit" } });
  form.append(label, input, sendButton);
  const offNote = node("p", { className: "talk-note", testid: "talk-off-note", text: t("talk.off") });
  const switchLabel = node("label", { className: "talk-switch" });
  const switchBox = node("input", { testid: "talk-switch", attrs: { type: "checkbox" } });
  switchLabel.append(switchBox, document.createTextNode(` ${t("talk.switch")}`));
  const message = node("p", { className: "talk-message", testid: "talk-message", attrs: { role: "alert" } });
  message.hidden = true;
  element.append(title, reactions, log, empty, offNote, form, switchLabel, message);

  function say(text) {
    message.textContent = text;
    message.hidden = !text;
    clearTimeout(say.timer);
    if (text) say.timer = setTimeout(() => say(""), 6000);
  }

  let follow = true; // the log keeps its newest line in view, unless its reader scrolled back
  log.addEventListener("scroll", () => {
    follow = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const length = [...text].length;
    if (length > MAX_LINE) {
      say(t("talk.too-long", { length, most: MAX_LINE }));
      return;
    }
    if (send({ type: "chat", text })) {
      input.value = "";
      say("");
    }
  });
  switchBox.addEventListener("change", () => {
    if (!send({ type: "chat_mode", on: switchBox.checked })) switchBox.checked = Boolean(snapshot?.chat_on);
  });

  function lineItem(line) {
    const { icon, shown, spoken } = wording(line);
    const item = node("li", { className: `talk-line talk-line-${line.kind === "react" ? "react" : "chat"}`, testid: `talk-line-${line.index}` });
    item.append(node("span", { className: "talk-who", text: line.name }));
    if (icon) { // read out as "Bo reacts: Clap"
      item.append(" ", drawing(icon), node("span", { className: "visually-hidden", text: ` ${t("talk.reacts-short", { what: shown })}` }));
    } else {
      item.append(": ", node("span", { className: "talk-text", text: shown }));
    }
    item.title = spoken;
    return item;
  }

  function drawLog() {
    log.replaceChildren(...lines.map(lineItem));
    log.hidden = lines.length === 0;
    empty.hidden = lines.length > 0;
    const toEnd = () => {
      if (follow) log.scrollTop = log.scrollHeight;
    };
    toEnd();
    requestAnimationFrame(toEnd); // again once room-ui.js has moved the log (which resets it)
  }

  function showBubble(line) {
    const old = bubbles.get(line.seat);
    clearTimeout(old?.timer);
    const { icon, shown } = wording(line);
    const bubble = { icon, text: shown };
    bubble.timer = setTimeout(() => {
      bubbles.delete(line.seat);
      list?.querySelector(`[data-testid="talk-bubble-${line.seat}"]`)?.remove();
    }, BUBBLE_MS);
    bubbles.set(line.seat, bubble);
    decorate(list);
  }

  /** Put each live bubble into its seat's row (room-ui.js redraws rows with markup). */
  function decorate(seatList) {
    list = seatList || list;
    if (!list) return;
    for (const [seat, bubble] of bubbles) {
      const row = list.querySelector(`[data-testid="room-seat-${seat}"] .room-seat-name`);
      if (!row) continue;
      row.querySelector(".talk-bubble")?.remove();
      const shown = node("span", {
        className: `talk-bubble${bubble.icon ? " talk-bubble-icon" : ""}`,
        testid: `talk-bubble-${seat}`,
        attrs: { "aria-hidden": "true" }, // the log and the announcement say it in words
      });
      if (bubble.icon) {
        shown.dataset.reaction = bubble.icon;
        shown.append(drawing(bubble.icon));
      } else {
        shown.textContent = bubble.text;
      }
      row.append(shown);
    }
  }

  roomTalk.addEventListener("said", (event) => {
    const line = event.detail;
    if (!snapshot || (lines.length && line.index <= lines[lines.length - 1].index)) return;
    lines = [...lines, line].slice(-SHOWN_LINES);
    drawLog();
    showBubble(line);
    const mine = snapshot.you?.seats ?? (snapshot.you?.seat !== undefined ? [snapshot.you.seat] : []);
    if (!mine.includes(line.seat)) announce(wording(line).spoken);
  });

  function update(next) {
    const wasOn = snapshot ? Boolean(snapshot.chat_on) : null;
    snapshot = next;
    if (!snapshot || !snapshot.code) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    if (Array.isArray(snapshot.chat)) {
      lines = snapshot.chat.slice(-SHOWN_LINES);
      drawLog();
    }
    const spectator = Boolean(snapshot.you?.spectator);
    const host = Boolean(snapshot.you?.host) && !spectator;
    const on = Boolean(snapshot.chat_on);
    reactions.hidden = spectator;
    form.hidden = spectator || !on;
    offNote.hidden = on && !spectator;
    offNote.textContent = spectator
      ? `${t("talk.watching")}${on ? "" : ` ${t("talk.switched-off")}`}`
      : t("talk.off");
    switchLabel.hidden = !host;
    switchBox.checked = on;
    if (spectator) say("");
    if (wasOn !== null && wasOn !== on) announce(on ? t("talk.switched-on") : t("talk.switched-off"));
  }

  function refusal(error) {
    if (error?.about !== "talk") return false;
    const texts = {
      rate_limited: () => {
        const wait = /wait (\d+(?:\.\d+)?) s/.exec(error.message || "");
        return wait ? t("talk.slow", { seconds: Math.ceil(Number(wait[1])) }) : t("talk.slow-few");
      },
      chat_off: () => t("talk.off"),
      bad_chat: () => t("talk.bad"),
      spectator: () => t("talk.spectator"),
    };
    const text = (texts[error.code] || (() => t("talk.not-sent", { reason: errorText(error) })))();
    say(text);
    announce(text);
    return true;
  }

  element.hidden = true;
  return { element, update, decorate, refusal };
}
