"""A translator's workflow: a game's printed texts as a gettext PO file, and back.

`texts.collect` finds every text a translator translates (YAML keys, table cells, rulebook
paragraphs) with where it is written and the translation it has; `po` writes and reads the PO
file (babel's `pofile`); `writeback` puts translations where a designer keeps them (`key@fr`
beside `key`, a `name@fr` column, `rules.fr.md`). See docs/languages.md.
"""
