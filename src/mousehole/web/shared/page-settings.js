// The settings panel of the server-rendered pages (home, invitation, errors), and on the home
// page the links of local matches saved in this browser (storage may be blocked): "Continue
// your match" for one in progress, "Rematch" and "See the result" for a finished one.
// A module of its own, not inline: the Content-Security-Policy allows scripts from the site only.
import { mountSettings } from "/static/shared/settings-panel.js";
import { finishedSentence, matchStore } from "/static/shared/store.js";

mountSettings(document.getElementById("settings"));
for (const link of document.querySelectorAll("[data-continue]")) {
  const game = link.dataset.continue;
  const saved = matchStore(game).loadMatch();
  if (!saved) continue;
  link.hidden = Boolean(saved.finished);
  const finished = [...document.querySelectorAll("[data-finished]")].find((node) => node.dataset.finished === game);
  if (!finished || !saved.finished) continue;
  finished.querySelector("[data-finished-text]").textContent = finishedSentence(saved);
  finished.hidden = false;
}
