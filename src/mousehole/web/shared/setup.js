// The "New match" dialog of every game page: where to play (this device or online), a saved
// match to continue, the number of seats, who goes first, and one row per seat (its marker, a
// name, human or computer, and the game's per-seat choices). The page gives an empty
// <dialog class="dlg dlg-setup" id="setup-dialog" data-testid="setup" aria-labelledby="setup-title">
// and a game description; this module fills the dialog in, keeps it consistent and hands the
// page a setup when the form is sent:
//
//   const setup = createSetup(document.getElementById("setup-dialog"), {
//     seats: { min: 2, max: 4, default: 4 }, noun: "mice", firstLabel: "First to roll",
//     humanNames: ["Ann", …], computerNames: ["Whiskers", …],   // one a seat (computers: from seat 1)
//     levels: ["easy", "normal", "hard"], level: "normal",      // one level: no level menu
//     autoFlip: false,                                          // an "Auto-flip" box for human seats
//     seatColumns: false,        // seat rows in one line of columns (the page's): two on phones
//     token: (seat, letter) => svg, tokenLabel: (seat) => "blue circle",
//     note: ({ online, humans, friends }) => "Solo: …",
//     fields: [{ id: "setup-speed", label: "Speed", options: [["normal", "Normal"], …] }],
//     onSync: () => {}, onStart: (setup) => {},
//     onRematch: () => {}, onResult: () => {},                 // a finished saved match
//     onContinue: () => {},                                     // a saved match in progress
//   });
//   setup.show({ finished, running, canCancel, error }); setup.hide(); setup.fill(saved);
//   setup.error(text); setup.busy(true); setup.setMode("online");
//
// A setup is {mode: "local" | "online", seats, startSeat (null: random)}; a seat is
// {kind: "human" | "computer", name, level (computers), autoFlip (humans, with autoFlip)} or,
// online, {kind: "open"} (a friend joins it; seat 0 is the host: "human", with a name).
// Names are unique in a match (compared without case and outer spaces): a suggested name skips
// the names in use, and two seats given one name are told so and cannot start.
// Test ids: setup, mode-local, mode-online, finished, rematch-last,
// see-result, running, continue-running, seat-count, start-seat (and each field's id), seat-{i}-name, seat-{i}-kind,
// seat-{i}-level, seat-{i}-auto, setup-error, setup-cancel, start-match (docs/testing.md).

import { escapeHtml } from "/static/shared/html.js";
import { loadName } from "/static/shared/net.js";
import { formatList, levelChoice, t } from "/static/shared/i18n.js";

/** How two names are compared: "Ann", " ann " and "ANN" are one name. */
function nameKey(name) {
  return String(name).trim().toLocaleLowerCase();
}

function clashMessage({ name, seats }) {
  const which = seats.map((i) => i + 1);
  return t(which.length === 2 ? "setup.clash-two" : "setup.clash", { seats: formatList(which), name });
}

/** The page's game's "How to play" link (a new tab, so the form and the match stay put). */
function rulesLink() {
  const game = /^\/play\/([a-z0-9]+)$/.exec(window.location.pathname)?.[1];
  return game ? `<p class="setup-rules"><a href="/rules/${game}" target="_blank" rel="noopener" data-testid="setup-rules">${escapeHtml(t("rules.link"))}<span class="visually-hidden"> ${escapeHtml(t("page.new-tab"))}</span></a></p>` : "";
}

function capital(word) {
  return `${word[0].toUpperCase()}${word.slice(1)}`;
}

function options(pairs, selected) {
  return pairs.map(([value, label]) =>
    `<option value="${value}"${value === selected ? " selected" : ""}>${escapeHtml(label)}</option>`).join("");
}

function form(game) {
  const { min, max } = game.seats;
  const counts = Array.from({ length: max - min + 1 }, (_, i) => min + i)
    .map((n) => [String(n), game.countLabel ? game.countLabel(n) : `${n} ${game.noun}`]);
  const fields = (game.fields || []).map((field) => `
      <span class="setup-pair"><label for="${field.id}">${escapeHtml(field.label)}</label>
      <select id="${field.id}" data-testid="${field.id}">${options(field.options)}</select></span>`).join("");
  const w = (key) => escapeHtml(t(key));
  return `<form method="dialog" id="setup-form" novalidate>
    <h2 id="setup-title">${w("page.new-match")}</h2>
    ${rulesLink()}
    <fieldset class="mode-row" id="mode-row">
      <legend>${w("setup.where")}</legend>
      <label class="mode-choice"><input type="radio" name="mode" value="local" data-testid="mode-local" checked> ${w("setup.local")}</label>
      <label class="mode-choice"><input type="radio" name="mode" value="online" data-testid="mode-online"> ${w("home.play-online")}</label>
    </fieldset>
    <div class="resume" id="finished" data-testid="finished" hidden>
      <p id="finished-text"></p>
      <p class="resume-buttons">
        <button type="button" class="btn btn-big" data-testid="rematch-last" id="rematch-last">${w("home.rematch")}</button>
        <button type="button" class="btn" data-testid="see-result" id="see-result">${w("home.see-result")}</button>
      </p>
      <p class="or">${w("setup.or-new")}</p>
    </div>
    <div class="resume" id="running" data-testid="running" hidden>
      <p id="running-text"></p>
      <p class="resume-buttons" id="running-buttons">
        <button type="button" class="btn btn-big" data-testid="continue-running" id="continue-running">${w("home.continue")}</button>
      </p>
      <p class="or" id="running-or"></p>
    </div>
    <div class="setup-row">
      <span class="setup-pair"><label for="seat-count">${escapeHtml(capital(game.noun))}</label>
      <select id="seat-count" data-testid="seat-count">${options(counts, String(game.seats.default))}</select></span>
      <span class="setup-pair"><label for="start-seat">${escapeHtml(game.firstLabel)}</label>
      <select id="start-seat" data-testid="start-seat"></select></span>${fields}
    </div>
    <ol class="seat-setup${game.seatColumns ? " seat-columns" : ""}" id="seat-setup">${Array.from({ length: max }, (_, i) => seatRow(game, i)).join("")}</ol>
    <p class="setup-note" id="setup-note"></p>
    <p class="setup-error" id="setup-error" data-testid="setup-error" role="alert"></p>
    <div class="dlg-buttons">
      <button type="button" class="btn" id="setup-cancel" data-testid="setup-cancel">${w("setup.cancel")}</button>
      <button type="submit" class="btn btn-big" id="start-match" data-testid="start-match">${w("setup.start")}</button>
    </div>
  </form>`;
}

function seatRow(game, i) {
  const level = game.levels.length > 1 ? `
    <label class="visually-hidden" for="seat-${i}-level">${escapeHtml(t("setup.seat-level", { seat: i + 1 }))}</label>
    <select id="seat-${i}-level" data-testid="seat-${i}-level">
      ${options(game.levels.map((l) => [l, levelChoice(l)]), game.level)}
    </select>` : "";
  const auto = game.autoFlip ? `
    <label class="seat-row-auto"><input type="checkbox" id="seat-${i}-auto" data-testid="seat-${i}-auto"> ${escapeHtml(t("setup.auto-flip"))}</label>` : "";
  return `<li class="seat-row" data-row="${i}">
    <span class="seat-row-token" id="seat-${i}-token">${game.token(i, "?")}</span>
    <label class="visually-hidden" for="seat-${i}-name">${escapeHtml(t("setup.seat-name", { seat: i + 1 }))}</label>
    <input id="seat-${i}-name" data-testid="seat-${i}-name" maxlength="24" autocomplete="off" spellcheck="false">
    <label class="visually-hidden" for="seat-${i}-kind">${escapeHtml(t("setup.seat-kind", { seat: i + 1 }))}</label>
    <select id="seat-${i}-kind" data-testid="seat-${i}-kind">
      <option value="human">${escapeHtml(t("seat.human"))}</option><option value="computer">${escapeHtml(t("seat.computer"))}</option>
    </select>${level}${auto}
    <span class="seat-row-desc">${escapeHtml(game.tokenLabel(i))}</span>
  </li>`;
}

/** Online: seat 1 is you (the host); the others are open for friends, or computers. */
function kindOptions(online, i) {
  if (!online) return [["human", t("seat.human")], ["computer", t("seat.computer")]];
  return i === 0 ? [["you", t("setup.you-host")]] : [["open", t("setup.open")], ["computer", t("seat.computer")]];
}

/** Fill `dialog` with the new-match form for `game` (see the top of this file). */
/** The computer levels the page's manifest offers (`<body data-levels>`, written by the
 * server from the game's manifest), else the game's own list. */
function manifestLevels(levels) {
  const listed = document.body?.dataset.levels?.split(" ").filter(Boolean);
  return listed && listed.length ? listed : levels;
}

export function createSetup(dialog, game) {
  game = { ...game, levels: manifestLevels(game.levels) };
  dialog.innerHTML = form(game);
  const max = game.seats.max;
  const $ = (id) => dialog.querySelector(`#${id}`);
  const seat = (i) => ({
    row: dialog.querySelector(`[data-row="${i}"]`),
    token: $(`seat-${i}-token`),
    name: $(`seat-${i}-name`),
    kind: $(`seat-${i}-kind`),
    level: $(`seat-${i}-level`),
    auto: $(`seat-${i}-auto`),
  });
  const seats = Array.from({ length: max }, (_, i) => seat(i));
  const count = () => Number($("seat-count").value);
  const defaults = new Set([...game.computerNames, ...game.humanNames].map(nameKey));

  /** The names (compared as nameKey) of the seats in play other than seat `except`. */
  function namesInUse(except) {
    return new Set(seats.slice(0, count())
      .filter(({ kind }, j) => j !== except && kind.value !== "open")
      .map(({ name }) => nameKey(name.value)).filter(Boolean));
  }

  /** A name for seat `i` of `kind` that no other seat has: its usual one, else the next free. */
  function suggest(kind, i) {
    const names = kind === "computer" ? game.computerNames : game.humanNames;
    const first = kind === "computer" ? Math.max(0, i - 1) : i;
    const used = namesInUse(i);
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(first + k) % names.length];
      if (!used.has(nameKey(name))) return name;
    }
    const base = names[first % names.length];
    let n = 2;
    while (used.has(nameKey(`${base} ${n}`))) n += 1;
    return `${base} ${n}`;
  }

  /** Seats of this match whose names clash: [{name, seats: [i, …]}] (open seats have none). */
  function clashes() {
    const byName = new Map();
    seats.slice(0, count()).forEach(({ kind, name }, i) => {
      const key = nameKey(name.value);
      if (kind.value === "open" || !key) return;
      byName.set(key, [...(byName.get(key) || []), i]);
    });
    return [...byName.values()].filter((list) => list.length > 1)
      .map((list) => ({ name: seats[list[0]].name.value.trim(), seats: list }));
  }

  function mode() {
    return dialog.querySelector("input[name=mode]:checked")?.value === "online" ? "online" : "local";
  }

  function applyMode(chosen) {
    const online = chosen === "online";
    seats.forEach(({ kind }, i) => {
      const previous = kind.value;
      const choices = kindOptions(online, i);
      kind.innerHTML = options(choices);
      const fallback = online ? (i === 0 ? "you" : "open") : (i === 0 ? "human" : "computer");
      // A mode switch starts from its usual table: friends' seats online, computers on one device.
      kind.value = choices.some(([value]) => value === previous) && kind.dataset.mode === chosen ? previous : fallback;
      kind.dataset.mode = chosen;
      kind.disabled = choices.length === 1;
    });
    dialog.classList.toggle("is-online", online);
    $("start-match").textContent = online ? t("setup.create-room") : t("setup.start");
    $("setup-title").textContent = online ? t("setup.new-room") : t("page.new-match");
    if (online) {
      const saved = loadName();
      if (saved && game.humanNames.includes(seats[0].name.value.trim())) seats[0].name.value = saved;
    }
    sync(null, false);
  }

  /** Make the form consistent after a change (`changed`: the seat whose kind or name changed). */
  function sync(changed, kindChanged) {
    const n = count();
    seats.forEach(({ row, token, name, kind: select, level, auto }, i) => {
      row.hidden = i >= n;
      const kind = select.value;
      if (level) level.disabled = kind !== "computer";
      if (auto) {
        auto.disabled = kind !== "human";
        if (kind !== "human") auto.checked = false;
      }
      row.classList.toggle("is-human", kind === "human" || kind === "you");
      // An open seat is named by the friend who joins it; the name typed before comes back.
      name.disabled = kind === "open";
      if (kind === "open") {
        name.dataset.kept = name.value || name.dataset.kept || "";
        name.value = "";
      } else if (!name.value && name.dataset.kept) {
        name.value = name.dataset.kept;
      }
      name.placeholder = kind === "open" ? t("setup.friend-joins") : kind === "you" ? t("join.your-name") : "";
      if (kind === "computer" && !name.value.trim()) name.value = suggest(kind, i);
      if (kindChanged && changed === i && kind !== "open" && (!name.value.trim() || defaults.has(nameKey(name.value)))) {
        name.value = suggest(kind === "computer" ? "computer" : "human", i);
      }
    });
    // A suggested name never repeats one in use: a seat still called by a suggestion that an
    // earlier seat now has gets the next free one (a name someone typed is never changed).
    if (changed === null || kindChanged) {
      seats.slice(0, n).forEach(({ kind, name }, i) => {
        const key = nameKey(name.value);
        if (kind.value === "open" || !defaults.has(key)) return;
        const earlier = seats.slice(0, i).some((other) => other.kind.value !== "open" && nameKey(other.name.value) === key);
        if (earlier) name.value = suggest(kind.value === "computer" ? "computer" : "human", i);
      });
    }
    const clash = clashes();
    seats.forEach(({ token, name }, i) => {
      token.innerHTML = game.token(i, (name.value.trim()[0] || "?").toUpperCase());
      const bad = clash.some(({ seats: list }) => list.includes(i));
      if (bad) name.setAttribute("aria-invalid", "true");
      else name.removeAttribute("aria-invalid");
      if (bad) name.setAttribute("aria-describedby", "setup-error");
      else name.removeAttribute("aria-describedby");
    });
    const message = clash.length ? clashMessage(clash[0]) : "";
    if (message || $("setup-error").dataset.clash) {
      setError(message);
      $("setup-error").dataset.clash = message ? "1" : "";
    }
    const start = $("start-seat");
    const previous = start.value;
    start.innerHTML = `<option value="random">${escapeHtml(t("setup.random"))}</option>${seats.slice(0, n).map(({ name }, i) =>
      `<option value="${i}">${escapeHtml(name.value.trim() || t("seat.name", { seat: i + 1 }))}</option>`).join("")}`;
    start.value = [...start.options].some((o) => o.value === previous) ? previous : "random";
    const kinds = seats.slice(0, n).map(({ kind }) => kind.value);
    $("setup-note").textContent = game.note({
      online: mode() === "online",
      humans: kinds.filter((k) => k === "human").length,
      friends: kinds.filter((k) => k === "open").length,
    });
    game.onSync?.();
  }

  /** The setup the form describes, or null (with a message) when it cannot be played. */
  function read() {
    const chosen = mode();
    const clash = clashes();
    if (clash.length) {
      setError(clashMessage(clash[0]));
      seats[clash[0].seats[1]].name.focus();
      return null;
    }
    const result = [];
    for (let i = 0; i < count(); i += 1) {
      const { name: input, kind: select, level, auto } = seats[i];
      const name = input.value.trim();
      const kind = select.value;
      if (kind === "open") {
        result.push({ kind: "open" });
        continue;
      }
      if (!name) {
        setError(t("setup.name-needed", { seat: i + 1 }));
        input.focus();
        return null;
      }
      const entry = { kind: kind === "you" ? "human" : kind, name };
      if (kind === "computer") entry.level = level ? level.value : game.levels[0];
      else if (auto) entry.autoFlip = auto.checked;
      result.push(entry);
    }
    if (chosen === "online" && !result.slice(1).some((s) => s.kind === "open")) {
      setError(t("setup.open-one"));
      return null;
    }
    const start = $("start-seat").value;
    setError("");
    return { mode: chosen, seats: result, startSeat: start === "random" ? null : Number(start) };
  }

  function setError(text) {
    $("setup-error").textContent = text;
  }

  /** Choose "On this device" or "Online with friends". */
  function setMode(chosen) {
    const radio = dialog.querySelector(`input[name=mode][value="${chosen}"]`);
    if (radio) radio.checked = true;
    applyMode(chosen);
  }

  /** Fill the form from a setup (for "New match" after a match: same seats as before). */
  function fill(setup) {
    if (!setup) return;
    if (mode() !== "local") setMode("local");
    $("seat-count").value = String(setup.seats.length);
    setup.seats.forEach((s, i) => {
      seats[i].kind.value = s.kind;
      seats[i].name.value = s.name;
      if (s.level && seats[i].level) seats[i].level.value = s.level;
      if (seats[i].auto) seats[i].auto.checked = Boolean(s.autoFlip);
    });
    sync(null, false);
    $("start-seat").value = setup.startSeat === null || setup.startSeat === undefined ? "random" : String(setup.startSeat);
  }

  /** Open the dialog; `finished` (a sentence) offers a finished match's rematch and result,
      `running` (a sentence) a match in progress to continue instead of starting a new one. */
  function show({ finished = "", running = "", canCancel = false, error = "" } = {}) {
    $("finished").hidden = !finished;
    $("finished-text").textContent = finished;
    $("running").hidden = !running || Boolean(finished);
    $("running-text").textContent = running;
    // On the match's own page the match is still there: Cancel keeps it, no button needed.
    $("running-buttons").hidden = canCancel;
    // Its words only while shown: a finished match's dialog says nothing of a match in progress.
    const runs = Boolean(running) && !finished;
    $("running-or").textContent = runs ? t(canCancel ? "setup.running-cancel" : "setup.running-or") : "";
    $("setup-cancel").hidden = !canCancel;
    setError(error);
    dialog.oncancel = canCancel ? null : (event) => event.preventDefault();
    if (!dialog.open) dialog.showModal();
    (finished ? $("rematch-last") : running && !canCancel ? $("continue-running") : $("seat-count")).focus();
  }

  function hide() {
    if (dialog.open) dialog.close();
  }

  for (const radio of dialog.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", () => applyMode(mode()));
  }
  seats.forEach(({ kind, name }, i) => {
    kind.value = i === 0 ? "human" : "computer";
    name.value = i === 0 ? game.humanNames[0] : game.computerNames[i - 1];
    kind.addEventListener("change", () => sync(i, true));
    name.addEventListener("input", () => sync(i, false));
  });
  $("seat-count").addEventListener("change", () => sync(null, false));
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const setup = read();
    if (setup) game.onStart(setup);
  });
  $("setup-cancel").addEventListener("click", hide);
  $("rematch-last").addEventListener("click", () => game.onRematch());
  $("see-result").addEventListener("click", () => game.onResult());
  $("continue-running").addEventListener("click", () => game.onContinue?.());
  sync(null, false);

  return {
    show,
    hide,
    fill,
    setMode,
    error: setError,
    /** While a match is being set up: the start button cannot be pressed twice. */
    busy(on) {
      $("start-match").disabled = on;
    },
  };
}
