"""`pnp serve`: a page on this computer that shows every file of a game and redraws it on each save.

- `pictures.py` — a PDF's pages as preview pictures, named by their pixels, drawn again only when new;
- `state.py` — what the page shows: the last good pictures, the errors of the last save, a version number;
- `server.py` — the web server (127.0.0.1 only; known ids only, never a path from the URL);
- `page.py` — the page itself (HTML, CSS, and a script that polls `/state`).

The building is `pnp watch`'s: `pnp.commands.watch.watch_loop` runs the one build pipeline with a
unit cache on every save, and hands each result or error to `Preview`.
"""
