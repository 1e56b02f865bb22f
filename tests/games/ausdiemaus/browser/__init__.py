"""The Aus die Maus! table in a real browser (tests/browser/fixtures.py; run with
MOUSEHOLE_BROWSER_TESTS=1, as `make test` does)."""
