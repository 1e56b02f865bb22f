"""HTTP: the Starlette app, the JSON API, the pages (play, rules, replay) and the catalogue."""
