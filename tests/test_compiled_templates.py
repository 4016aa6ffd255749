"""A rulebook source is compiled once per process (`pnp.sandbox.compiledcache`), and a changed one again."""
from __future__ import annotations

import pytest

from pnp.rulebook.language import environment
from pnp.sandbox.compiledcache import KEPT, compiled_templates


@pytest.fixture
def compiles(monkeypatch):
    """The sources Jinja2 compiles from here on."""
    from jinja2 import Environment

    seen: list[str] = []
    compile_ = Environment.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(source)
        return compile_(self, source, name, filename, raw, defer_init)

    compiled_templates().clear()
    monkeypatch.setattr(Environment, "compile", counted)
    yield seen
    compiled_templates().clear()


def render(folder, text: str) -> str:
    (folder / "rules.md").write_text(text, encoding="utf-8")
    return environment(folder).get_template("rules.md").render(players=3)


def test_the_same_source_is_compiled_once_and_a_changed_one_again(tmp_path, compiles):
    assert render(tmp_path, "For {{ players }} players.") == "For 3 players."
    assert render(tmp_path, "For {{ players }} players.") == "For 3 players."   # a new environment each time
    assert compiles == ["For {{ players }} players."]
    assert render(tmp_path, "Up to {{ players + 1 }}.") == "Up to 4."
    assert compiles == ["For {{ players }} players.", "Up to {{ players + 1 }}."]
    assert render(tmp_path, "For {{ players }} players.") == "For 3 players."   # both sources of the file kept
    assert len(compiles) == 2


def test_the_same_source_in_another_folder_is_compiled_for_it(tmp_path, compiles):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    render(tmp_path / "a", "{{ players }}")
    render(tmp_path / "b", "{{ players }}")
    assert len(compiles) == 2   # its file names the errors it raises


def test_the_cache_keeps_a_bounded_number_of_templates(tmp_path, compiles):
    def render_file(i: int) -> str:
        (tmp_path / f"part{i}.md").write_text(f"part {i}", encoding="utf-8")
        return environment(tmp_path).get_template(f"part{i}.md").render()

    for i in range(KEPT + 5):
        render_file(i)
    assert len(compiled_templates()._code) == KEPT
    render_file(KEPT + 4)   # kept: not compiled again
    assert len(compiles) == KEPT + 5
    render_file(0)          # dropped as the least recently used: compiled again
    assert len(compiles) == KEPT + 6
