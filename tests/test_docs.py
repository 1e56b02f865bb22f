"""The documentation's examples run as written.

Every ```pycon block of README.md and docs/**/*.md is a doctest: the blocks of one file run in
order in one namespace (a page is a session a reader types along with), and a failure names the
file and line of the first block that went wrong. The docstring examples of the `mousehole`
package (and of any module of it that has some) run the same way, as `doctest.testmod` would.
ELLIPSIS is on, so an expected output may elide a detail with `...`.
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

import mousehole

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = doctest.ELLIPSIS
FENCE = re.compile(r"^```[ \t]*(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


def markdown_files() -> list[Path]:
    """Return README.md and every Markdown page under docs/."""
    readme = ROOT / "README.md"
    pages = sorted((ROOT / "docs").rglob("*.md"))
    return ([readme] if readme.is_file() else []) + pages


def fenced_blocks(text: str) -> list[tuple[str, int, str]]:
    """Return (language, line number of the block's first line, body) of each fenced block."""
    return [
        (m["lang"], text.count("\n", 0, m.start("body")) + 1, m["body"])
        for m in FENCE.finditer(text)
    ]


def pycon_files() -> list[Path]:
    """Return the Markdown files that have at least one pycon block."""
    return [
        path
        for path in markdown_files()
        if any(lang == "pycon" for lang, _, _ in fenced_blocks(path.read_text(encoding="utf-8")))
    ]


def example_modules() -> list[str]:
    """Return `mousehole` and every module of it whose source has docstring examples."""
    package = Path(mousehole.__file__).resolve().parent
    names = {"mousehole"}
    for path in package.rglob("*.py"):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(package.parent).with_suffix("").parts
            names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names)


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", pycon_files(), ids=_relative)
def test_the_pycon_examples_of_each_markdown_file_print_what_the_page_shows(path: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    globs: dict[str, object] = {"__name__": "__docs__"}
    text = path.read_text(encoding="utf-8")
    name = _relative(path)
    for lang, line, body in fenced_blocks(text):
        if lang != "pycon":
            continue
        # DocTest line numbers are 0-based: the report then shows the file's own line numbers.
        test = parser.get_doctest(body, globs, name, str(path), line - 1)
        if not test.examples:
            pytest.fail(f"{name}: the pycon block at line {line} has no `>>> ` examples")
        report: list[str] = []
        result = runner.run(test, out=report.append, clear_globs=False)
        if result.failed:
            pytest.fail(
                f"{name}: the pycon block at line {line} does not print what the page shows "
                f"(later blocks were not run):\n" + "".join(report),
                pytrace=False,
            )
        globs = test.globs  # DocTest copies the namespace: carry it on to the next block


@pytest.mark.parametrize("module_name", example_modules())
def test_the_docstring_examples_of_each_module_print_what_they_show(module_name: str) -> None:
    module: ModuleType = importlib.import_module(module_name)
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    report: list[str] = []
    tests = doctest.DocTestFinder().find(module)
    for test in tests:
        runner.run(test, out=report.append)
    summary = runner.summarize(verbose=False)
    if module_name == "mousehole":
        assert summary.attempted > 0, "the package docstring lost its examples"
    if summary.failed:
        pytest.fail(f"{module_name}: docstring examples failed:\n" + "".join(report), pytrace=False)


def test_the_api_page_is_among_the_doctested_pages_with_examples_in_every_section() -> None:
    api = ROOT / "docs" / "api.md"
    assert api in pycon_files()
    text = api.read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    without = [
        section.splitlines()[0]
        for section in sections
        if "```pycon" not in section and not section.startswith("Where things live")
    ]
    assert without == [], f"sections of docs/api.md without a runnable example: {without}"


def test_every_block_with_python_prompts_in_the_docs_is_marked_pycon_so_that_it_runs() -> None:
    unmarked = [
        f"{_relative(path)}:{line} (```{lang})"
        for path in markdown_files()
        for lang, line, body in fenced_blocks(path.read_text(encoding="utf-8"))
        if lang != "pycon" and re.search(r"^\s*>>> ", body, re.M)
    ]
    assert unmarked == [], f"blocks with >>> prompts that are not ```pycon: {unmarked}"


OUTSIDE = re.compile(r"rulings\.md|\bseeds/|digital-spec\.txt|rulebook\.txt")
"""Names of rule files that live outside this repository (a reader cannot open them)."""

CITING = ("src", "tests", "benchmarks", "tools", "docs")
SUFFIXES = {".py", ".js", ".css", ".html", ".md", ".po"}


def test_no_file_cites_a_rule_file_outside_the_repository() -> None:
    """Code and docs cite docs/games/<game>.md, which states the rules, never the rulebooks'
    or the rulings' own files."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in CITING
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in SUFFIXES and path.is_file() and path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, f"cite docs/games/<game>.md instead: {found}"


CITED_PATH = re.compile(
    r"`((?:src|tests|docs|benchmarks|tools)/[\w./-]*\.(?:py|md|js|css|html|json|po|txt))"
    r"(?:::[\w\[\]-]+)?`"
)
"""A file of the repository cited in backticks by its path from the repository's root."""


def test_every_file_the_docs_cite_by_path_exists() -> None:
    """A file moved or renamed leaves no page pointing at its old path."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    pages += sorted((ROOT / "src" / "mousehole" / "games").glob("README.md"))
    missing = [
        f"{page.relative_to(ROOT)}:{number}: {cited}"
        for page in pages
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for cited in CITED_PATH.findall(line)
        if not (ROOT / cited).exists()
    ]
    assert not missing, "\n".join(missing)
