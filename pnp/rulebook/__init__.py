"""The rulebook compiler: rules.md (Markdown + sandboxed Jinja2 over the specs) → rulebook PDF.

Stages, one module each: `specs` (the template's view of the game), `language`
(Jinja2 + Markdown → blocks), `story` (blocks → platypus flowables), `figures`
(cards and pages of other outputs as flowables), `document` (pages, contents,
headers), `booklet` (imposition), `build` (the entry point `build_rulebook`).
"""
