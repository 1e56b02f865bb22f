"""The Mouse Chaos page's wiring that Python can check: the manifest names its web folder, and
the page tells the match controller what the manifest says about secrets (`seat_views`), so a
same-device match sends `screen` after each hand-over (docs/web.md, "Same-device secrets")."""

from __future__ import annotations

from mousehole.games import REGISTRY


def test_the_manifest_names_the_page_and_the_page_says_each_seat_sees_its_own() -> None:
    game = REGISTRY["mousechaos"]
    assert game.page is not None
    folder = game.page.directory
    assert (folder / "play.html").is_file() and (folder / "rules.html").is_file()
    main = (folder / "main.js").read_text(encoding="utf-8")
    assert game.seat_views
    assert "seatViews: true" in main
    assert "publicRecord" in main  # the autosave's copy of the record keeps no card
