"""The message catalogues (mousehole/locales, server/http/i18n.py; docs/translating.md).

Every language has every domain's file with exactly the reference (English) keys, each with the
same placeholders, the same markup in a `.html` message and the same kind (plain or plural);
every key the converted code asks for exists. The reader's language comes from the cookie, else
Accept-Language; numbers and plurals follow the language. The shared modules write no
player-visible text of their own: their string literals hold no words; nor do the platform's
pages, rendered with markers in place of every message (tests/server/http/test_pages.py, with
`marked_page` from here; the language over HTTP is tests/server/http/test_languages.py). A converted
game runs the same checks over its own files (tests/games/<name>/test_i18n.py, with
`missing_keys`, `marked_page` and `literal_words` from here: docs/translating.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel import Locale

from mousehole.games import REGISTRY
from mousehole.server.http import i18n, join, pages
from mousehole.server.http.i18n import LANGUAGES, PLACEHOLDER, SOURCE, Words

WEB = pages.WEB_DIR
PAGES_PY = (Path(pages.__file__), Path(join.__file__))
"""The platform's page modules: every word they ask for is in the shared catalogue."""

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
    for path in PAGES_PY:
        text = path.read_text(encoding="utf-8")
        missing += [f"{path.name}: {key}" for key in PY_KEY_CALL.findall(text) if key not in shared]
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
