"""Reading the server-rendered pages in tests: their tags and h1 text, and a value from outside
that must come out escaped."""

from __future__ import annotations

from html.parser import HTMLParser

HOSTILE = '<script>alert("x")</script> & "quotes"'
"""A value from outside (a catalogue entry, an address) that would run if it were not escaped."""


class Headings(HTMLParser):
    """Collects the tags of a page and the text of its h1 elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.h1: list[str] = []
        self._in_h1 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "h1":
            self._in_h1 = True
            self.h1.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1[-1] += data


def parsed(html: str) -> Headings:
    parser = Headings()
    parser.feed(html)
    return parser
