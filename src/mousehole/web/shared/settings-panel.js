// The settings panel: a "Settings" disclosure with the sound, music, motion and speed controls.
//
// Every control writes through settings.js, and the panel follows changes made elsewhere (another
// tab), so the controls always show the stored values. The page's first interaction unlocks
// audio (browsers allow sound only after a user gesture).

import {
  getSetting,
  reducedMotion,
  setSetting,
  storageAvailable,
  subscribe,
} from "./settings.js";
import { audioState, play, unlockAudio } from "./sound.js";
import { formatPercent, t } from "./i18n.js";
import { escapeHtml } from "./html.js";

const STYLESHEET = new URL("./settings-panel.css", import.meta.url).href;
const STORAGE_NOTE = escapeHtml(t("settings.storage-note"));
let mounted = 0; // numbers each panel's element ids, so two panels never share one

// Three sliders on a line: a drawn "settings" mark that does not depend on an icon font.
const ICON = `\
<svg class="settings-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"
  focusable="false">
  <g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
    <path d="M3 6.5h18M3 12.3h18M3 17.8h18" />
    <circle cx="15" cy="6.5" r="2.6" fill="#f6c945" />
    <circle cx="8" cy="12.3" r="2.6" fill="#f6c945" />
    <circle cx="17" cy="17.8" r="2.6" fill="#f6c945" />
  </g>
</svg>`;

function template(id) {
  const w = (key) => escapeHtml(t(key));
  return `\
<summary class="settings-toggle" data-testid="settings-toggle">
  ${ICON}<span>${w("settings.title")}</span>
</summary>
<div class="settings-panel">
  <fieldset class="settings-group">
    <legend>${w("settings.sound")}</legend>
    <div class="settings-row">
      <label for="${id}-sound">${w("settings.sound-effects")}</label>
      <input id="${id}-sound" type="checkbox" role="switch" data-testid="settings-sound"
        data-setting="sound">
    </div>
    <div class="settings-row settings-slider">
      <label for="${id}-sound-volume">${w("settings.sound-volume")}</label>
      <input id="${id}-sound-volume" type="range" min="0" max="100" step="5"
        data-testid="settings-sound-volume" data-setting="soundVolume">
      <output for="${id}-sound-volume" aria-hidden="true"></output>
    </div>
  </fieldset>
  <fieldset class="settings-group">
    <legend>${w("settings.music")}</legend>
    <div class="settings-row">
      <label for="${id}-music">${w("settings.music")}</label>
      <input id="${id}-music" type="checkbox" role="switch" data-testid="settings-music"
        data-setting="music">
    </div>
    <div class="settings-row settings-slider">
      <label for="${id}-music-volume">${w("settings.music-volume")}</label>
      <input id="${id}-music-volume" type="range" min="0" max="100" step="5"
        data-testid="settings-music-volume" data-setting="musicVolume">
      <output for="${id}-music-volume" aria-hidden="true"></output>
    </div>
  </fieldset>
  <fieldset class="settings-group">
    <legend>${w("settings.motion")}</legend>
    <div class="settings-row settings-choice">
      <label for="${id}-motion">${w("settings.reduced-motion")}</label>
      <select id="${id}-motion" data-testid="settings-motion" data-setting="reducedMotion">
        <option value="system">${w("settings.follow-system")}</option>
        <option value="on">${w("settings.on")}</option>
        <option value="off">${w("settings.off")}</option>
      </select>
    </div>
    <div class="settings-row settings-choice">
      <label for="${id}-speed">${w("settings.speed")}</label>
      <select id="${id}-speed" data-testid="settings-speed" data-setting="speed">
        <option value="normal">${w("setup.speed.normal")}</option>
        <option value="fast">${w("settings.faster")}</option>
        <option value="instant">${w("settings.instant")}</option>
      </select>
    </div>
  </fieldset>
  <p class="settings-note" data-testid="settings-storage-note" role="note" hidden>
    ${STORAGE_NOTE}
  </p>
</div>`;
}

/** Build the settings panel inside `container` (replacing its content); return its element. */
export function mountSettings(container) {
  ensureStylesheet();
  mounted += 1;
  const details = document.createElement("details");
  details.className = "settings";
  details.innerHTML = template(`mh-settings-${mounted}`);
  container.replaceChildren(details);

  const controls = [...details.querySelectorAll("[data-setting]")];
  const show = () => {
    for (const control of controls) showValue(control);
  };
  show();
  details.querySelector(".settings-note").hidden = storageAvailable();

  for (const control of controls) {
    const event = control.type === "range" ? "input" : "change";
    control.addEventListener(event, () => onControlChange(control, details));
  }
  // A volume change is heard at its new level once the slider is let go.
  details.querySelector('[data-setting="soundVolume"]').addEventListener("change", () => {
    play("click");
  });
  subscribe((key) => {
    const control = details.querySelector(`[data-setting="${key}"]`);
    if (control) showValue(control);
  });

  closeWhenLeft(details);
  unlockOnFirstGesture();
  followMotionPreference();
  return details;
}

function onControlChange(control, details) {
  const key = control.dataset.setting;
  let value;
  if (control.type === "checkbox") value = control.checked;
  else if (control.type === "range") value = Number(control.value) / 100;
  else value = control.value;

  // The click is heard either way: before sound goes off, or once it is back on.
  if (key === "sound" && !value) play("click");
  setSetting(key, value);
  if (key === "sound" && value) play("click");
  if (!storageAvailable()) details.querySelector(".settings-note").hidden = false;
}

function showValue(control) {
  const value = getSetting(control.dataset.setting);
  if (control.type === "checkbox") {
    control.checked = value;
  } else if (control.type === "range") {
    const percent = Math.round(value * 100);
    control.value = String(percent);
    control.setAttribute("aria-valuetext", formatPercent(value));
    control.style.setProperty("--fill", `${percent}%`);
    control.nextElementSibling.textContent = formatPercent(value);
  } else {
    control.value = value;
  }
}

function ensureStylesheet() {
  const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].some(
    (link) => link.href === STYLESHEET,
  );
  if (linked) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLESHEET;
  document.head.append(link);
}

/** Close the open panel on Escape, on a click elsewhere, and when focus moves out of it. */
function closeWhenLeft(details) {
  const summary = details.querySelector("summary");
  details.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && details.open) {
      details.open = false;
      summary.focus();
    }
  });
  document.addEventListener("pointerdown", (event) => {
    if (details.open && !details.contains(event.target)) details.open = false;
  });
  details.addEventListener("focusout", (event) => {
    // relatedTarget is null when focus leaves the page (or the window): keep the panel then.
    if (event.relatedTarget && !details.contains(event.relatedTarget)) details.open = false;
  });
}

let unlockListening = false;

function unlockOnFirstGesture() {
  if (unlockListening) return;
  unlockListening = true;
  // Listen until audio runs: a key press a browser does not count as a gesture leaves it off.
  const unlock = () => {
    unlockAudio();
    if (!audioState().unlocked) return;
    for (const type of ["pointerdown", "keydown"]) {
      document.removeEventListener(type, unlock, true);
    }
  };
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, unlock, true);
  }
}

let motionFollowed = false;

/** Mark <html data-motion="reduced|full">: styles honour the setting, not just the system. */
function followMotionPreference() {
  if (motionFollowed) return;
  motionFollowed = true;
  const mark = () => {
    document.documentElement.dataset.motion = reducedMotion() ? "reduced" : "full";
  };
  mark();
  subscribe((key) => {
    if (key === "reducedMotion") mark();
  });
  globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").addEventListener?.("change", mark);
}
