// The settings panel of the server-rendered pages (home, invitation, errors), and on the home
// page the "Continue" links of local matches saved in this browser (storage may be blocked).
// A module of its own, not inline: the Content-Security-Policy allows scripts from the site only.
import { mountSettings } from "/static/shared/settings-panel.js";

mountSettings(document.getElementById("settings"));
for (const link of document.querySelectorAll("[data-continue]")) {
  try {
    if (localStorage.getItem(`mousehole.${link.dataset.continue}.match`)) link.hidden = false;
  } catch {}
}
