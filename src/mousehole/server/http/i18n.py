"""The words of every page, in every language the site speaks (docs/translating.md).

Every text a player reads comes from a message catalogue: gettext `.po` files, read by Babel,
one file per language per domain under `mousehole/locales/<language>/<domain>.po`. The domain
`shared` holds the platform's words (the pages around the games, the shared front end); each
game has a domain named after it (its registry name): its name and summary, and once the game is
converted every word of its pages. Message ids are stable keys (`room.waiting`), not English
sentences: the English catalogue is one catalogue like the others, the reference every other
one must match key for key and placeholder for placeholder (tests/server/http/test_i18n.py).

A message is plain text with `{name}` placeholders; a plural message (gettext's msgid_plural)
picks its form by its `{count}` parameter, by Babel's plural rules on the server and by
`Intl.PluralRules` in the browser (`browser_catalogue` maps the gettext forms onto the CLDR
categories the browser names). A key ending in `.html` holds a little trusted markup (rules
pages: `<strong>`, `<kbd>`, links), inserted unescaped; every other message is escaped where it
is put into a page.

Which language a request reads: the `lang` cookie the language switch sets, else the best of
the browser's Accept-Language, else English (`request_language`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from babel import Locale
from babel.core import negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the registry: its name in itself, and the locale that formats its
    numbers, dates and lists (the site's English is British: "colour", "Ann, Bo and Cy")."""

    name: str
    locale: str


LANGUAGES: Mapping[str, Language] = {
    "en": Language("English", "en-GB"),
    "de": Language("Deutsch", "de-DE"),
}
"""The registry: every language the site speaks, by its code (the catalogue folder's name and
`<html lang>`). Adding one is a line here and its catalogue files (docs/translating.md)."""

SOURCE = "en"
"""The reference language: every other catalogue has exactly its keys."""

LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"
"""`mousehole/locales/<language>/<domain>.po`, shipped inside the package."""

COOKIE = "lang"
"""The cookie that remembers the reader's choice (set by `/language/<code>`)."""

SHARED = "shared"
"""The platform's domain; every page loads it."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")
"""A message's parameter: `{name}`."""


class Markup(str):
    """A message parameter that is markup already (built from escaped values): `Words.html`
    puts it in as it is, where it escapes every other parameter."""


class CatalogueError(ValueError):
    """A catalogue file is missing or does not hold what its language needs."""


Message = str | tuple[str, ...]
"""One message: its text, or its plural forms in gettext's order."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One domain's messages in one language, as read from its .po file."""

    language: str
    domain: str
    messages: Mapping[str, Message]
    plural_index: Callable[[int], int]
    """n -> the gettext form of a plural message (the catalogue's Plural-Forms)."""
    categories: Mapping[str, int]
    """CLDR plural category (what Intl.PluralRules names) -> the gettext form it takes."""


def domains() -> tuple[str, ...]:
    """Return every domain the reference language has, `shared` first."""
    names = sorted(path.stem for path in (LOCALES_DIR / SOURCE).glob("*.po"))
    return tuple(sorted(names, key=lambda name: name != SHARED))


def has_domain(domain: str) -> bool:
    """Return whether `domain` (a game's page folder) has catalogues: the game is converted."""
    return (LOCALES_DIR / SOURCE / f"{domain}.po").is_file()


def read_catalog(language: str, domain: str) -> Catalog:
    """Return Babel's view of one .po file; raise CatalogueError naming a missing file."""
    path = LOCALES_DIR / language / f"{domain}.po"
    if not path.is_file():
        raise CatalogueError(f"no catalogue {language}/{domain}.po in {LOCALES_DIR}")
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def _categories(language: str, plural_index: Callable[[int], int]) -> dict[str, int]:
    """Map each CLDR plural category of `language` to the gettext form it takes, by asking
    both rules (Babel's CLDR data and the catalogue's Plural-Forms) about the counts 0-199."""
    rule = Locale.parse(language).plural_form
    found: dict[str, int] = {}
    for n in range(200):
        category, index = rule(n), plural_index(n)
        if found.setdefault(category, index) != index:
            raise CatalogueError(
                f"{language}: the plural category {category!r} takes more than one gettext form"
            )
    return found


@cache
def catalogue(language: str, domain: str) -> Catalogue:
    """Return one domain's catalogue in `language` (read once, then kept)."""
    catalog = read_catalog(language, domain)
    messages: dict[str, Message] = {}
    for message in catalog:
        if not message.id:
            continue  # the header
        key = str(message.id if isinstance(message.id, str) else message.id[0])
        string = message.string
        if isinstance(string, str):
            messages[key] = string
        else:
            messages[key] = tuple(str(form) for form in string or ())
    plural_index: Callable[[int], int] = gettext.c2py(catalog.plural_expr)
    return Catalogue(language, domain, messages, plural_index, _categories(language, plural_index))


def _number(value: object, language: str) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_decimal(value, locale=LANGUAGES[language].locale.replace("-", "_"))
    return str(value)


@dataclass(frozen=True, slots=True)
class Words:
    """The words of one page in one language: `words("key", name=...)` returns the text."""

    language: str
    domains: tuple[str, ...] = (SHARED,)

    def message(self, key: str) -> Message:
        """Return the raw message of `key`; raise KeyError naming it when no domain has it."""
        for domain in self.domains:
            found = catalogue(self.language, domain).messages.get(key)
            if found:
                return found
        raise KeyError(f"no message {key!r} in {self.language}/{','.join(self.domains)}")

    def has(self, key: str) -> bool:
        """Return whether some domain of the page has `key`."""
        try:
            self.message(key)
        except KeyError:
            return False
        return True

    def __call__(self, key: str, /, **params: object) -> str:
        """Return message `key` with its `{placeholders}` filled (numbers in the reader's
        format); a plural message takes the form of its `count`."""
        message = self.message(key)
        if isinstance(message, tuple):
            count = params.get("count")
            if not isinstance(count, int):
                raise KeyError(f"the plural message {key!r} needs an integer count")
            index = self._catalogue_of(key).plural_index(count)
            message = message[min(index, len(message) - 1)]

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in params:
                raise KeyError(f"message {key!r} needs the parameter {name!r}")
            return _number(params[name], self.language)

        return PLACEHOLDER.sub(fill, message)

    def html(self, key: str, /, **params: object) -> str:
        """Return message `key` as markup: escaped, unless the key ends in `.html` (trusted
        markup from the catalogue). Its parameters are escaped, except `Markup` ones."""
        if key.endswith(".html"):
            safe = {
                name: value if isinstance(value, Markup) else escape(str(value))
                for name, value in params.items()
            }
            return self(key, **safe)
        return escape(self(key, **params))

    def _catalogue_of(self, key: str) -> Catalogue:
        for domain in self.domains:
            found = catalogue(self.language, domain)
            if found.messages.get(key):
                return found
        raise KeyError(f"no message {key!r} in {self.language}/{','.join(self.domains)}")


def browser_catalogue(language: str, page_domains: Iterable[str]) -> dict[str, object]:
    """Return the JSON the browser's shared/i18n.js reads: the language and every message of
    the domains, a plural one as `{category: text}` by the CLDR categories, and the locale
    that formats numbers, dates and lists."""
    messages: dict[str, object] = {}
    for domain in page_domains:
        found = catalogue(language, domain)
        for key, message in found.messages.items():
            if isinstance(message, tuple):
                messages[key] = {
                    category: message[min(index, len(message) - 1)]
                    for category, index in found.categories.items()
                }
            elif message:
                messages[key] = message
    return {"lang": language, "locale": LANGUAGES[language].locale, "messages": messages}


def negotiate(accept_language: str | None) -> str:
    """Return the language of LANGUAGES that the Accept-Language header prefers most, else
    SOURCE. Entries are ordered by their q-values (q=0 means "not this one")."""
    wanted: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        quality = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([0-9.]+)\s*", rest) if rest else None
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            wanted.append((-quality, position, tag.strip()))
    preferred = [tag for _, _, tag in sorted(wanted)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="-")
    return found if found is not None and found in LANGUAGES else SOURCE


def choose(cookie: str | None, accept_language: str | None) -> str:
    """Return the reader's language: a valid cookie first, else Accept-Language."""
    if cookie is not None and cookie in LANGUAGES:
        return cookie
    return negotiate(accept_language)
