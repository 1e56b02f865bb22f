"""What a match page must be at a player's turn, on a phone held in one hand (390 x 844, touch)
and on a laptop (1280 x 800), measured in the real page rather than eyeballed:

- every text a player sees is at least 11 CSS px: an HTML text's computed font size, an SVG
  text's font size times the scale its board is drawn at (so a board label drawn small in a
  zoomed-out view counts at the size it is on the screen); text clipped out of its frame is not
  seen and does not count;
- every control and board target a player must tap takes a 24 x 24 px square round its centre:
  a control's box (a check box's: its label's), a board target's by the browser's hit test at
  12 px from its centre each way (the tap lands on it, not on a neighbour);
- the turn's main action is in the window at the page's first scroll position, and so is the
  player's own seat on the board, which nothing covers (a bar kept at the screen's bottom);
- nothing scrolls sideways (the page is no wider than the window);
- a touch screen is never told to press keys: no key cap shows and no visible words say to
  press or click, name a key, or offer one "(or R)"; a keyboard page still shows its key caps.

Each game's folder says how its page gets to a turn (`TURN` in tests/games/<name>/browser/
pages.py); tests/browser/test_phone.py runs these checks on every game that has one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

MIN_TEXT = 11
MIN_TARGET = 24


def enabled(testid: str) -> str:
    """A JavaScript condition: the control `testid` is on the page, shown and enabled."""
    q = f'document.querySelector("[data-testid={testid}]")'
    return f"({q} && !{q}.disabled && !{q}.hidden && {q}.checkVisibility())"


@dataclass(frozen=True)
class PaceDriver:
    """How benchmarks/pace.py plays a game's match page as a phone player: when the player may
    decide (`ready`, a JavaScript condition that may read `p`, the page object, and `snap`, its
    snapshot) and the taps or keys of one decision (`decide`)."""

    ready: str
    decide: Callable[[Page], None]


@dataclass(frozen=True)
class TurnPage:
    """How a game's match page reaches its human player's turns, for the checks above."""

    start: Callable[..., None]
    """`start(page, server, seats=None)`: open the match page on the server and start a solo
    match (`seats` seats, else the form's default); return when the human's first turn is
    offered."""
    play: Callable[[Page], None]
    """Play the human's turn as a player would; return when their next turn is offered."""
    action: str
    """A CSS selector of the turn's main action (a button, or the board's lit choice)."""
    targets: str = ""
    """A CSS selector of the board targets a player taps now (beside the page's controls)."""
    own: str = ""
    """A CSS selector of the player's own seat on the board, where the board draws one."""


TEXTS = """() => {
  const seen = [];
  const clipped = (el, r) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      const clips = p instanceof SVGSVGElement
        || s.overflowX !== "visible" || s.overflowY !== "visible";
      if (!clips) continue;
      const q = p.getBoundingClientRect();
      const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
      const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (w < 1 || h < 1) return true;
    }
    return false;
  };
  const shown = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && !el.closest("[inert]") && !(el.closest("dialog") && !el.closest("dialog").open);
  const where = (el) => {
    const mark = el.closest("[data-testid]");
    return `${mark ? mark.dataset.testid : el.parentElement.tagName.toLowerCase()}`
      + ` .${(el.getAttribute("class") || el.parentElement.getAttribute("class") || "")
        .split(" ")[0]}`;
  };
  for (const t of document.querySelectorAll("svg text")) {
    if (!t.textContent.trim() || !shown(t)) continue;
    const r = t.getBoundingClientRect();
    if (r.width * r.height < 4 || clipped(t, r)) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    const text = t.textContent.trim().slice(0, 24);
    seen.push({ px: Math.round(px * 10) / 10, text, where: where(t) });
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("svg, script, style") || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width * r.height < 4 || clipped(el, r)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    seen.push({ px, text: n.textContent.trim().slice(0, 24), where: where(el) });
  }
  return seen.sort((a, b) => a.px - b.px);
}"""
"""Every text shown on the page, smallest first: {px, text, where}."""


TARGETS = """([boardSelector, min]) => {
  const small = [];
  const shown = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && !el.closest("[inert]") && !(el.closest("dialog") && !el.closest("dialog").open);
  const name = (el) => el.dataset?.testid || el.id || el.getAttribute("aria-label")?.slice(0, 30)
    || el.textContent.trim().slice(0, 30);
  const controls = "button, a[href], select, input, summary, [role=button], [role=checkbox]";
  for (const c of document.querySelectorAll(controls)) {
    if (c.closest("svg") || !shown(c)) continue;
    let box = c.getBoundingClientRect();
    if (!box.width) continue;
    if (box.bottom + scrollY < 0 || box.right + scrollX < 0) continue; // a skip link off the page
    if (c.type === "checkbox" || c.type === "radio") {
      const label = c.closest("label") || (c.id && document.querySelector(`label[for="${c.id}"]`));
      if (label) box = label.getBoundingClientRect();
    }
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      small.push(`${name(c)}: ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
  }
  let board = 0;
  if (boardSelector) {
    const half = min / 2 - 0.5;
    for (const t of document.querySelectorAll(boardSelector)) {
      if (!shown(t)) continue;
      const r = t.getBoundingClientRect();
      const cx = (r.left + r.right) / 2;
      const cy = (r.top + r.bottom) / 2;
      // A target only partly in its frame (a board view that shows part of the board) is
      // tapped once the view shows it: its 24 px square must lie inside the frame.
      const frame = t.ownerSVGElement?.getBoundingClientRect() ?? r;
      if (cx - half < frame.left || cx + half > frame.right
          || cy - half < frame.top || cy + half > frame.bottom) continue;
      if (cy < 0 || cy > innerHeight) t.scrollIntoView({ block: "center" });
      const s = t.getBoundingClientRect();
      const x = (s.left + s.right) / 2;
      const y = (s.top + s.bottom) / 2;
      board += 1;
      const misses = [[0, 0], [-half, 0], [half, 0], [0, -half], [0, half]].filter(([dx, dy]) => {
        const hit = document.elementFromPoint(x + dx, y + dy);
        return !hit || !(hit === t || t.contains(hit));
      });
      if (misses.length) {
        const what = t.dataset.testid || t.dataset.piece || t.dataset.spot
          || t.getAttribute("class");
        small.push(`board ${what}: ${Math.round(s.width)} x ${Math.round(s.height)} px, `
          + `${misses.length} of 5 taps miss it`);
      }
    }
    scrollTo(0, 0);
  }
  return { small, board };
}"""
"""The controls and board targets smaller than `min` px (and how many board targets there were)."""


ACTION = """([selector]) => {
  const el = document.querySelector(selector);
  if (!el) return "there is none";
  const r = el.getBoundingClientRect();
  const [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom].map(Math.round);
  const at = `${left},${top} to ${right},${bottom}`;
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    return `it lies at ${at}, outside the ${innerWidth} x ${innerHeight} window`;
  }
  return null;
}"""


OWN_SEAT = """([selector]) => {
  const el = document.querySelector(selector);
  if (!el) return "there is none";
  const r = el.getBoundingClientRect();
  const [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom].map(Math.round);
  const at = `${left},${top} to ${right},${bottom}`;
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    return `it lies at ${at}, outside the ${innerWidth} x ${innerHeight} window`;
  }
  const board = el.ownerSVGElement || el;
  const inset = 6;
  const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2], [r.left + inset, r.top + inset],
    [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset],
    [r.right - inset, r.bottom - inset]];
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    // An open dialog (the result, a hand-over) covers the board by design, not by layout.
    if (hit && hit !== board && !board.contains(hit) && !hit.closest("dialog[open]")) {
      const what = hit.closest("[data-testid]")?.dataset.testid || hit.id
        || hit.tagName.toLowerCase();
      return `${what} covers it at ${Math.round(x)},${Math.round(y)} (it lies at ${at})`;
    }
  }
  return null;
}"""
"""Where the player's own seat is wrong: outside the window, or covered; null when it is fine."""


WIDTHS = """() => ({
  page: document.documentElement.scrollWidth,
  window: document.documentElement.clientWidth,
})"""


KEY_WORDS = re.compile(
    r"(?i:\b(press|click|arrow keys?|the arrows|keyboard)\b)"
    r"|\((or )?(Space|Enter|Esc|Escape|[A-Z])\)"
    r"|\bor (Space|Enter|Esc|Escape)\b"
    r"|\b[A-Z]: next\b"
)
"""Words that tell a player to use keys: "press R", "click", "(or Space)", "N: next"."""

VISIBLE_KEYS = """() => [...document.querySelectorAll("kbd")]
  .filter((k) => k.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && !(k.closest("dialog") && !k.closest("dialog").open))
  .map((k) => (k.closest("[data-testid]")?.dataset.testid || "page") + ": " + k.textContent)"""


def key_words(page: Page) -> list[str]:
    """The visible words of the page that tell a player to use keys."""
    text = page.evaluate("() => document.body.innerText")
    return [m.group(0) for m in KEY_WORDS.finditer(text)]


def measure(page: Page, turn: TurnPage, touch: bool) -> dict[str, object]:
    """The page's numbers at this turn: the smallest texts, the small targets, where the main
    action is, the page's width, and what tells a touch screen to use keys."""
    page.evaluate("() => scrollTo(0, 0)")
    texts = page.evaluate(TEXTS)
    targets = page.evaluate(TARGETS, [turn.targets, MIN_TARGET])
    return {
        "smallest_text": texts[:3],
        "small_texts": [t for t in texts if t["px"] < MIN_TEXT - 0.05],
        "small_targets": targets["small"],
        "board_targets": targets["board"] if turn.targets else None,
        "action": page.evaluate(ACTION, [turn.action]),
        "own_seat": page.evaluate(OWN_SEAT, [turn.own]) if turn.own else None,
        "widths": page.evaluate(WIDTHS),
        "keys": page.evaluate(VISIBLE_KEYS),
        "key_words": key_words(page),
        "touch": touch,
    }


def problems(found: dict[str, object]) -> list[str]:
    """What `measure` found wrong, one readable line each."""
    out: list[str] = []
    small = found["small_texts"]
    assert isinstance(small, list)
    if small:
        seen = sorted({f"{t['where']} {t['text']!r} {t['px']} px" for t in small})
        out.append(f"{len(small)} texts under {MIN_TEXT} px: {seen[:8]}")
    targets = found["small_targets"]
    assert isinstance(targets, list)
    if targets:
        out.append(f"{len(targets)} targets under {MIN_TARGET} x {MIN_TARGET} px: {targets[:6]}")
    if found["board_targets"] == 0:
        out.append("no board target to tap was found")
    if found["action"]:
        out.append(f"the turn's main action is not in view: {found['action']}")
    if found["own_seat"]:
        out.append(f"the player's own seat is not in view: {found['own_seat']}")
    widths = found["widths"]
    assert isinstance(widths, dict)
    if widths["page"] > widths["window"]:
        out.append(
            f"the page scrolls sideways: {widths['page']} px in a {widths['window']} px window"
        )
    if found["touch"]:
        if found["keys"]:
            out.append(f"key caps shown on a touch screen: {found['keys']}")
        if found["key_words"]:
            out.append(f"a touch screen is told to use keys: {found['key_words']}")
    elif not found["keys"]:
        out.append("no key cap shows on a keyboard page")
    return out


def solo_page(page: Page, server: str, game: str, seats: int | None = None) -> None:
    """Open `game`'s match page with fast, quiet playback and its first-match tips already
    seen (tests/games/<name>/browser/test_rules_page.py has them), and start the new-match
    form's own solo match (one human, computers; `seats` seats, else the form's default)."""
    page.context.add_init_script(
        'try { localStorage.setItem("mousehole.settings", JSON.stringify({speed: "fast",'
        ' reducedMotion: "on", sound: false}));'
        f' localStorage.setItem("mousehole.{game}.coach", "done"); }} catch (e) {{}}'
    )
    page.goto(f"{server}/play/{game}")
    if seats is not None:
        page.get_by_test_id("seat-count").select_option(str(seats))
    page.get_by_test_id("start-match").click()


OVER = '((snap.winners || []).length || snap.state?.phase === "over")'
"""A JavaScript condition on a match page's snapshot `snap`: the match is over."""


def match_over(page: Page, game: str) -> bool:
    """Whether the match the page holds is over."""
    return bool(
        page.evaluate(
            f"() => {{ const snap = window.{game}Page?.snapshot; return snap && {OVER}; }}"
        )
    )


def wait_for_turn(page: Page, game: str, ready: str, after: int = -1) -> None:
    """Wait until the page shows a snapshot newer than version `after`, nothing animates, and
    the JavaScript condition `ready` holds (the human may act); or the match is over. A page
    that never gets there fails with what it shows (`page_state`)."""
    try:
        page.wait_for_function(
            f"""() => {{
              const p = window.{game}Page;
              const snap = p && p.snapshot;
              if (!snap || !p.idle) return false;
              if ({OVER}) return true;
              return snap.version > {after} && ({ready});
            }}""",
            timeout=90_000,
        )
    except PlaywrightTimeout:
        raise AssertionError(
            f"the page never reached a turn after version {after}: {page_state(page, game)}"
        ) from None


def press(page: Page, game: str, testid: str) -> None:
    """Click the element `testid` like a player; one that cannot be clicked within 30 s fails
    with what the page shows and what lies on the element's centre (what took the click)."""
    try:
        page.get_by_test_id(testid).click()
    except PlaywrightTimeout:
        on_top = page.evaluate(
            """(id) => {
              const el = document.querySelector(`[data-testid="${id}"]`);
              if (!el) return "no such element";
              const r = el.getBoundingClientRect();
              const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              const what = (e) =>
                e ? `${e.tagName}#${e.id}.${e.className?.baseVal ?? e.className}` : null;
              return { box: [r.x, r.y, r.width, r.height].map(Math.round), disabled: el.disabled,
                       hidden: el.hidden, on_top: what(top) };
            }""",
            testid,
        )
        raise AssertionError(
            f"{testid} could not be clicked: {json.dumps(on_top)}; {page_state(page, game)}"
        ) from None


def page_state(page: Page, game: str) -> str:
    """What the match page holds and shows, in one line, for a failure's message."""
    return json.dumps(
        page.evaluate(
            f"""() => {{
              const p = window.{game}Page;
              const s = p && p.snapshot;
              const active = document.activeElement;
              return {{
                idle: p?.idle, animating: p?.animating, busy: p?.busy, blocked: p?.blocked,
                connected: p?.connected, version: s?.version, to_act: s?.to_act,
                phase: s?.state?.phase, legal: (s?.legal || []).slice(0, 6),
                focus: active ? (active.id || active.tagName) : null,
                dialogs: [...document.querySelectorAll("dialog")].filter((d) => d.open)
                  .map((d) => d.id),
              }};
            }}"""
        )
    )


def version(page: Page, game: str) -> int:
    """The version of the snapshot the page holds."""
    return int(page.evaluate(f"() => window.{game}Page.snapshot.version"))
