"""The message catalogues (mousehole/locales, server/http/i18n.py; docs/translating.md).

Every language has every domain's file with exactly the reference (English) keys, each with the
same placeholders, the same markup in a `.html` message and the same kind (plain or plural);
every key the converted code asks for exists. The reader's language comes from the cookie, else
Accept-Language; numbers and plurals follow the language. The platform's pages and shared
modules write no player-visible text of their own: a page rendered with markers in place of
every message shows nothing else, and the modules' string literals hold no words. A converted
game runs the same checks over its own files (tests/games/<name>/test_i18n.py, with
`missing_keys`, `marked_page` and `literal_words` from here: docs/translating.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel import Locale
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, Page
from mousehole.server.http import catalogue, i18n, pages
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import LANGUAGES, PLACEHOLDER, SOURCE, Words

WEB = pages.WEB_DIR
PAGES_PY = Path(pages.__file__)

SHARED_JS = (
    *sorted((WEB / "shared").glob("*.js")),
    *sorted((WEB / "shared" / "match").glob("*.js")),
    *sorted((WEB / "shared" / "replay").glob("*.js")),
)
"""The platform's front-end modules: every word of theirs is in the shared catalogue. A
converted game lists its own modules and page files in its tests/games/<name>/test_i18n.py."""

ALLOWED_WORDS = {
    # names: the default names of a new match's seats, the same in every language
    "Ann",
    "Bo",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Whiskers",
    "Nibbles",
    "Pip",
    "Brie",
    "Gouda",
    "Feta",
    # key names and event types of the DOM, never shown
    "Enter",
    "Escape",
    "Files",
    "Home",
    "End",
    "ArrowLeft",
    "ArrowRight",
    "Tab",
    "Space",
    # the brand, written the same in every language
    "Mousehole",
    # the end of the debugging peek's name, window.<game>Page
    "Page",
    # settings.js: what setSetting's TypeError says a setting must be (thrown to developers)
    "a number from 0 to 1",
    "true or false",
}
"""Single words a converted module may hold that are not words a player reads in a sentence."""


def po_files(language: str) -> dict[str, Path]:
    return {path.stem: path for path in (i18n.LOCALES_DIR / language).glob("*.po")}


def markup(text: str) -> list[str]:
    return re.findall(r"</?[a-z]+", text)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != SOURCE])
def test_every_language_has_every_key_of_every_domain_and_nothing_else(language: str) -> None:
    assert set(po_files(language)) == set(po_files(SOURCE)) == set(i18n.domains())
    problems: list[str] = []
    for domain in i18n.domains():
        reference = i18n.catalogue(SOURCE, domain).messages
        translated = i18n.catalogue(language, domain).messages
        problems += [f"{domain}: {key} is missing" for key in reference.keys() - translated]
        problems += [f"{domain}: {key} is extra" for key in translated.keys() - reference]
        for key in reference.keys() & translated.keys():
            ref, mine = reference[key], translated[key]
            if isinstance(ref, tuple) != isinstance(mine, tuple):
                problems.append(f"{domain}: {key} is plural in one language only")
            ref_forms = ref if isinstance(ref, tuple) else (ref,)
            my_forms = mine if isinstance(mine, tuple) else (mine,)
            wanted = set().union(*(PLACEHOLDER.findall(form) for form in ref_forms))
            for form in my_forms:
                if not form.strip():
                    problems.append(f"{domain}: {key} is empty")
                found = set(PLACEHOLDER.findall(form))
                # a plural form may leave out {count} ("One seat is still open")
                if found - wanted or wanted - found - {"count"}:
                    problems.append(f"{domain}: {key} has {sorted(found)}, not {sorted(wanted)}")
                if key.endswith(".html") and sorted(markup(form)) != sorted(markup(ref_forms[0])):
                    problems.append(f"{domain}: {key} has other markup than {SOURCE}'s")
                if not key.endswith(".html") and re.search(r"<[a-z/]", form):
                    problems.append(f"{domain}: {key} holds markup but its key has no .html")
    assert not problems, "\n".join(problems)


def test_a_missing_or_extra_key_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a German file without one key and with another is told."""
    for language in (SOURCE, "de"):
        (tmp_path / language).mkdir()
    (tmp_path / SOURCE / "shared.po").write_text(
        'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "A {n}"\n\nmsgid "b"\nmsgstr "B"\n'
    )
    (tmp_path / "de" / "shared.po").write_text(
        'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "A {m}"\n\nmsgid "c"\nmsgstr "C"\n'
    )
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        with pytest.raises(AssertionError) as failed:
            test_every_language_has_every_key_of_every_domain_and_nothing_else("de")
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()
    text = str(failed.value)
    assert "shared: b is missing" in text
    assert "shared: c is extra" in text
    assert "shared: a has ['m'], not ['n']" in text


def test_the_registry_names_real_locales_and_has_the_source() -> None:
    assert SOURCE in LANGUAGES
    for code, language in LANGUAGES.items():
        assert Locale.parse(code).language == code
        assert Locale.parse(language.locale, sep="-").language == code
        assert language.name


class Scanner:
    """The string literals of a JavaScript module, those inside a template literal's `${…}`
    holes too, and the module without its comments. A template literal's text is given with
    each hole as one space; a regular expression literal is code, not text."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.literals: list[str] = []
        self.developers: list[str] = []
        """Literals thrown or logged to the console: words for developers, never shown."""
        self.code: list[str] = []
        self._code(0, None)

    def _code(self, i: int, until: str | None) -> int:
        src, depth = self.source, 0
        while i < len(src):
            c = src[i]
            if src.startswith("//", i):
                i = src.find("\n", i)
                i = len(src) if i < 0 else i
                continue
            if src.startswith("/*", i):
                i = src.index("*/", i) + 2
                continue
            if c == "/" and self._regex_may_start():
                i = self._regex(i)
                continue
            if c in "\"'":
                j = i + 1
                while src[j] != c:
                    j += 2 if src[j] == "\\" else 1
                self._literal(src[i : j + 1])
                self.code.append(src[i : j + 1])
                i = j + 1
                continue
            if c == "`":
                i = self._template(i)
                continue
            if until is not None:
                if c == "{":
                    depth += 1
                elif c == "}":
                    if depth == 0:
                        return i + 1
                    depth -= 1
            self.code.append(c)
            i += 1
        return i

    def _literal(self, literal: str) -> None:
        statement = "".join(self.code[-400:]).split(";")[-1]
        statement = "\n".join(statement.splitlines()[-6:])
        if re.search(r"\bthrow\b|\bconsole\.", statement):
            self.developers.append(literal)
        else:
            self.literals.append(literal)

    def _regex_may_start(self) -> bool:
        """Whether a `/` here begins a regular expression literal (not a division)."""
        before = "".join(self.code[-12:]).rstrip()
        return not before or before[-1] in "(,=:[!&|?{};" or before.endswith("return")

    def _regex(self, i: int) -> int:
        src, j, in_class = self.source, i + 1, False
        while in_class or src[j] != "/":
            if src[j] == "\\":
                j += 1
            elif src[j] == "[":
                in_class = True
            elif src[j] == "]":
                in_class = False
            j += 1
        self.code.append(src[i : j + 1])
        return j + 1

    def _template(self, i: int) -> int:
        src, text, j = self.source, ["`"], i + 1
        while src[j] != "`":
            if src[j] == "\\":
                text.append(src[j : j + 2])
                j += 2
            elif src.startswith("${", j):
                self.code.append(" \N{OBJECT REPLACEMENT CHARACTER} ")
                j = self._code(j + 2, "}")
                self.code.append(" \N{OBJECT REPLACEMENT CHARACTER} ")
                text.append(" ")
            else:
                text.append(src[j])
                j += 1
        text.append("`")
        self._literal("".join(text))
        self.code.append("``")
        return j + 1


def without_comments(source: str) -> str:
    """A JavaScript module's lookups without its comments (their examples are not lookups)."""
    return "".join(Scanner(source).code)


KEY_CALL = re.compile(r"""(?<![\w.])(?:t|w)\(\s*["']([a-z][\w.-]*)["']""")
PY_KEY_CALL = re.compile(r"""\b(?:words|w|words\.html|words\.has)\(\s*["']([a-z][\w.-]*)["']""")


def missing_keys(scripts: Iterable[Path], page_files: Iterable[Path], domain: str) -> list[str]:
    """The keys that `scripts` (JavaScript) and `page_files` (`{{key}}` templates) ask for and
    neither the shared domain nor `domain` has."""
    known = set(i18n.catalogue(SOURCE, i18n.SHARED).messages)
    if domain != i18n.SHARED:
        known |= set(i18n.catalogue(SOURCE, domain).messages)
    missing: list[str] = []
    for path in scripts:
        text = without_comments(path.read_text(encoding="utf-8"))
        missing += [f"{path.name}: {key}" for key in KEY_CALL.findall(text) if key not in known]
    for path in page_files:
        for key in pages.TEMPLATE_KEY.findall(path.read_text(encoding="utf-8")):
            if not key.startswith("@") and key not in known:
                missing.append(f"{path.name}: {key}")
    return missing


def test_every_key_the_platform_asks_for_exists() -> None:
    missing = missing_keys(SHARED_JS, (), i18n.SHARED)
    shared = set(i18n.catalogue(SOURCE, i18n.SHARED).messages)
    pages_text = PAGES_PY.read_text(encoding="utf-8")
    missing += [f"pages.py: {key}" for key in PY_KEY_CALL.findall(pages_text) if key not in shared]
    assert not missing, missing


def test_every_game_and_level_is_named_in_every_language() -> None:
    """Each registered game has a domain of its own, named after it, with its name (as its box
    prints it in that language) and summary for the home page; every level has a name."""
    for language in LANGUAGES:
        for name, game in REGISTRY.items():
            words = Words(language, (i18n.SHARED, name))
            assert words.has(f"games.{name}.title"), (language, name)
            assert words.has(f"games.{name}.summary"), (language, name)
            if language == SOURCE:
                assert words(f"games.{name}.title") == game.title
            for level in game.levels:
                assert words.has(f"level.{level}"), (language, level)
            if game.page is not None:
                for route, label in game.page.extras:
                    assert pages.extra_label(name, route, "", words), (language, name, route)
                    if language == SOURCE:
                        assert pages.extra_label(name, route, "", words) == label


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("de-AT", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,de;q=0.5", "de"),
        ("fr, it", "en"),
        ("en;q=0.2, de;q=0.7", "de"),
        ("de;q=0, en", "en"),
        ("*", "en"),
        ("de;q=abc", "de"),
    ],
)
def test_accept_language_chooses_the_best_language_offered(
    header: str | None, language: str
) -> None:
    assert i18n.negotiate(header) == language


def test_the_cookie_wins_over_accept_language_and_a_bad_cookie_is_ignored() -> None:
    assert i18n.choose("de", "en-US") == "de"
    assert i18n.choose("en", "de-DE") == "en"
    assert i18n.choose("xx", "de-DE") == "de"
    assert i18n.choose(None, None) == "en"


def test_plurals_and_numbers_follow_the_language() -> None:
    en, de = Words("en"), Words("de")
    assert en("join.seat-count", count=1) == "1 seat"
    assert en("join.seat-count", count=0) == "0 seats"
    assert de("join.seat-count", count=1) == "1 Platz"
    assert de("join.seat-count", count=2) == "2 Plätze"
    assert en("replay.position", step=1234, count=5000) == "Move 1,234 of 5,000"
    assert de("replay.position", step=1234, count=5000) == "Zug 1.234 von 5.000"
    with pytest.raises(KeyError, match="count"):
        en("join.seat-count")
    with pytest.raises(KeyError, match="needs the parameter 'code'"):
        en("join.title")
    with pytest.raises(KeyError, match="no message"):
        en("no.such.key")


def test_the_browser_catalogue_names_plural_forms_by_cldr_category() -> None:
    data = i18n.browser_catalogue("de", (i18n.SHARED,))
    assert data["lang"] == "de" and data["locale"] == "de-DE"
    messages = data["messages"]
    assert isinstance(messages, dict)
    assert messages["join.seat-count"] == {"one": "{count} Platz", "other": "{count} Plätze"}
    assert messages["page.home"] == "Start"


# ------------------------------------------------------------- no words outside the catalogues


MARK = "\u2983"
"""What every message becomes in the marked render: a bracket that no page writes by itself."""


class Marked(Words):
    """Words whose every message is a marker, so the rendered page shows what is not one."""

    def __call__(self, key: str, /, **params: object) -> str:
        super().__call__(key, **params)  # the key and its parameters must be right
        return f"{MARK}{key}{MARK}"

    def html(self, key: str, /, **params: object) -> str:
        super().html(key, **params)
        return f"{MARK}{key}{MARK}"


VISIBLE_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
UNMARKED_TEXT_OK = re.compile(r"^[\s·—←→|:,.()0-9]*$")


class Text(HTMLParser):
    """Every text a page shows or reads out, outside scripts, styles, code and key caps."""

    SKIP = ("script", "style", "code", "kbd", "svg", "noscript-skip")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self._skip += 1
        values = dict(attrs)
        for name in VISIBLE_ATTRIBUTES:
            if values.get(name):
                self.found.append(str(values[name]))
        if tag == "meta" and values.get("name") == "description":
            self.found.append(str(values.get("content")))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.found.append(data)


def unmarked(html: str, allowed: set[str]) -> list[str]:
    """The texts of `html` that are neither messages nor `allowed` (names of games, codes)."""
    parser = Text()
    parser.feed(html)
    left = []
    for text in parser.found:
        rest = re.sub(f"{MARK}[^{MARK}]*{MARK}", " ", text)
        for word in allowed:
            rest = rest.replace(word, " ")
        if not UNMARKED_TEXT_OK.match(rest):
            left.append(text.strip())
    return left


ALLOWED_ON_PAGES = {"Mousehole", "K7QM4X", "mousehole simulate", "/x"} | {
    text for code, language in LANGUAGES.items() for text in (language.name, code.upper())
}
"""What a page may show outside the catalogues: the brand, a room code, a command, a path,
and each language's name written in itself and its code (the language switch)."""


def marked_page(html: str, allowed: set[str] = ALLOWED_ON_PAGES) -> list[str]:
    """The texts of a page rendered with `Marked` words that did not come from a message."""
    return unmarked(html, allowed)


@dataclass(frozen=True)
class BareGame:
    """A game whose page fragment is all markup: the match page's shell shows only its own."""

    name: str
    title: str
    page: Page | None
    levels: tuple[str, ...] = ("easy",)


BARE_FRAGMENT = """\
<meta name="description" content="{{page.home}}">
<a class="skip-link" href="#main">{{page.skip}}</a>
<main id="main"></main>
"""


def test_the_platforms_pages_show_no_words_of_their_own() -> None:
    listed = catalogue.listings(REGISTRY)
    words = Marked("de", i18n.domains())
    game = BareGame("bare", "Bare", Page("bare", extras=(("lab", "Lab"),)))
    shell = Marked("de", (i18n.SHARED,))
    found = {
        "home": marked_page(pages.home_page(listed, (), words)),
        "join": marked_page(pages.join_page("K7QM4X", words)),
        "404": marked_page(pages.error_page(404, "§", "/x", words), ALLOWED_ON_PAGES | {"§"}),
        "500": marked_page(pages.error_page(500, "§", "/x", words), ALLOWED_ON_PAGES | {"§"}),
        "play": marked_page(
            pages.play_page(game, BARE_FRAGMENT, words=shell), ALLOWED_ON_PAGES | {"Bare", "Lab"}
        ),
        "replay": marked_page(
            pages.play_page(game, BARE_FRAGMENT, replay=True, words=shell),
            ALLOWED_ON_PAGES | {"Bare", "Lab"},
        ),
    }
    assert not any(found.values()), {page: texts for page, texts in found.items() if texts}


def test_the_marked_check_finds_a_word_written_in_a_page() -> None:
    """The check above can fail: a page file with a word outside the catalogue is told."""
    words = Marked("de", (i18n.SHARED,))
    html = pages.fill_template(
        '<p>{{page.home}}</p><button title="Go on">{{page.new-match}}</button>', words
    )
    assert unmarked(html, set()) == ["Go on"]


_WORDS = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}[ ,;:!?…]+[A-Za-zÄÖÜäöüß]{2,}|^[A-Z][a-z]+[!.…]?$")
_ATTRIBUTE_TEXT = re.compile(r"""\b(?:aria-label|title|placeholder|alt)=["']([^"'$]+)["']""")
_CSS = re.compile(
    r"^\(.*:.*\)$"  # a media query
    r"|^[\w\[\]=\-]+(?:\s*,\s*[\w\[\]=\-]+)+$"  # a selector list
    r"|^(?=.*-)[a-z][a-z0-9]*(?:-[a-z0-9]*)*(?:\s+[a-z][a-z0-9]*(?:-[a-z0-9]*)*)+$"  # classes
)


def words_in(literal: str) -> list[str]:
    """The player-visible words a JavaScript string literal holds: its text outside tags and
    `${…}` holes, and its visible attributes' values."""
    body = literal[1:-1]
    body = re.sub(r"\$\{(?:[^{}]|\{[^{}]*\})*\}", " ", body)
    found = [value for value in _ATTRIBUTE_TEXT.findall(body) if _WORDS.search(value)]
    text = re.sub(r"<[^>]*>|[\w-]+=\"[^\"]*\"", " ", body)
    for chunk in re.split(r"\s{2,}|\n", text):
        chunk = chunk.strip()
        if chunk and chunk not in ALLOWED_WORDS and _WORDS.search(chunk) and not _CSS.match(chunk):
            found.append(chunk)
    return found


def literal_words(source: str) -> list[str]:
    found: list[str] = []
    for literal in Scanner(source).literals:
        found += words_in(literal)
    return found


@pytest.mark.parametrize("path", SHARED_JS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_shared_module_writes_no_words_of_its_own(path: Path) -> None:
    assert not literal_words(path.read_text(encoding="utf-8"))


def test_the_module_check_finds_words_in_literals_and_attributes() -> None:
    """The check above can fail: text, a template's words and an aria-label are all told."""
    source = """
      // a comment with words is fine
      const a = t("adm.log.flip", { who });
      const b = "Game over.";
      const c = `<span aria-label="The table">${a}</span> turns over ${b}`;
      const d = "keydown";
    """
    assert literal_words(source) == ["Game over.", "The table", "turns over"]


# ------------------------------------------------------------- choosing the language over HTTP


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))


def _converted_rules(folder: str) -> bool:
    """Whether a game's rules page is a template of the catalogues (it says `{{@switch}}`)."""
    path = WEB / folder / "rules.html"
    return path.is_file() and "{{@switch}}" in path.read_text(encoding="utf-8")


PAGE_PATHS = (
    "/",
    "/join/K7QM4X",
    "/no/such/page",
    *(f"/{route}/{name}" for name in REGISTRY for route in ("play", "replay")),
    *(
        f"/rules/{name}"
        for name, game in REGISTRY.items()
        if game.page is not None and _converted_rules(game.page.folder)
    ),
)
"""Every page the site serves, but the rules pages of games not converted yet (English pages
with `<html lang="en">`, which they are)."""


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, "no <html lang>"
    return found.group(1)


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_every_page_has_its_readers_language_and_the_switch(client: TestClient, path: str) -> None:
    english = client.get(path, headers={"Accept-Language": "en-US,en;q=0.9"})
    german = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert english.status_code == german.status_code
    assert lang_of(english.text) == "en" and lang_of(german.text) == "de"
    assert german.headers["content-language"] == "de"
    assert "Accept-Language" in german.headers["vary"]
    for page, language in ((english, "en"), (german, "de")):
        assert 'data-testid="lang-switch"' in page.text
        assert (
            f'data-lang-switch="{language}" data-testid="lang-{language}" aria-current="true"'
            in (page.text)
        )
        assert '<meta name="mousehole-messages" content="/messages/' in page.text
    client.cookies.set("lang", "en")
    chosen = client.get(path, headers={"Accept-Language": "de-DE"})
    assert lang_of(chosen.text) == "en", "the cookie wins over Accept-Language"
    client.cookies.clear()


def test_the_german_platform_pages_are_in_german(client: TestClient) -> None:
    client.cookies.set("lang", "de")
    home = client.get("/").text
    assert "Online mit Freunden spielen" in home and "Zu Freunden dazukommen" in home
    assert '<html lang="de">' in home
    missing = client.get("/nowhere")
    assert missing.status_code == 404 and "Seite nicht gefunden" in missing.text
    catalogue_url = re.search(r'<meta name="mousehole-messages" content="([^"]+)">', home)
    assert catalogue_url and catalogue_url.group(1).startswith("/messages/de/shared+")
    served = client.get(catalogue_url.group(1))
    assert served.status_code == 200 and served.json()["lang"] == "de"
    again = client.get(catalogue_url.group(1), headers={"If-None-Match": served.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/messages/xx/shared.json").status_code == 404
    assert client.get("/messages/de/shared+nothing.json").status_code == 404


def test_the_switch_remembers_the_choice_and_goes_back(client: TestClient) -> None:
    answer = client.get(
        "/language/de", params={"back": "/play/cheddar?room=K7QM4X"}, follow_redirects=False
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/play/cheddar?room=K7QM4X"
    cookie = answer.headers["set-cookie"]
    assert (
        cookie.startswith("lang=de;") and "Max-Age=31536000" in cookie and "SameSite=lax" in cookie
    )
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).text) == "de"
    for back in ("https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"):
        away = client.get("/language/en", params={"back": back}, follow_redirects=False)
        assert away.headers["location"] == "/", back
    unknown = client.get("/language/xx", follow_redirects=False)
    assert unknown.status_code == 404
