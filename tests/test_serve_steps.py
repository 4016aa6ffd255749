"""`pnp serve` shows a save in two steps: the changed cards first, the rulebook (which reads every
other output) after; the output folder and its cache only ever hold a whole build.

Driven in-process through the same loop as `pnp serve` (`watch_loop` with `on_early` and
`on_build` feeding a `Preview`); each save happens in the loop's sleep, so the order of
events is exact and nothing is timed (benchmarks/serve.py measures the time).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import line_of, mutate
from pnp.build import BuildOptions, build_game, up_to_date
from pnp.commands.watch import watch_loop
from pnp.paths import EXAMPLES
from pnp.serve.state import Preview


class Session:
    """A blorg copy watched by the serve loop; `saves` are applied one per sleep, in order."""

    def __init__(self, root: Path, saves: list):
        self.game = Path(shutil.copytree(EXAMPLES / "blorg", root / "blorg"))
        self.out = root / "out"
        self.options = BuildOptions(out=self.out)
        self.preview = Preview("blorg")
        self.events: list[tuple[str, dict]] = []  # ("early" | "built" | "failed", what was seen then)
        self.saves = list(saves)

    def manifest(self) -> dict:
        return json.loads((self.out / "blorg" / "manifest.json").read_text())

    def pictures(self) -> dict[str, tuple]:
        return {f["file"]: (tuple(p["id"] for p in f["pictures"]), f["drawing"]) for f in self.preview.state()["files"]}

    def on_early(self, partial) -> None:
        disk = self.manifest() if (self.out / "blorg" / "manifest.json").exists() else None
        self.preview.early(partial)
        self.events.append(("early", {"files": sorted(partial.files), "pending": partial.pending, "disk": disk,
                                      "pictures": self.pictures(), "errors": self.preview.state()["errors"]}))

    def on_build(self, result, error) -> None:
        if error is None:
            self.preview.built(result)
            self.events.append(("built", {"pictures": self.pictures(), "disk": self.manifest()}))
        else:
            self.preview.failed(error)
            self.events.append(("failed", {"pictures": self.pictures(), "errors": self.preview.state()["errors"],
                                           "disk": self.manifest(), "summary": self.preview.state()["summary"],
                                           "current": up_to_date(self.game, self.options) is not None}))

    def sleep(self, _seconds: float) -> None:
        if self.saves:
            self.saves.pop(0)(self.game)

    def run(self, builds: int) -> None:
        watch_loop(self.game, self.options, 0.05, max_builds=builds, on_build=self.on_build, sleep=self.sleep,
                   max_polls=50, on_early=self.on_early)


def rename_barn(game: Path) -> None:
    mutate(game / "cards.yaml", "name: Barn\n", "name: Big barn\n")


def test_changed_faces_are_shown_before_the_rulebook_is_rebuilt(tmp_path):
    s = Session(tmp_path, [rename_barn])
    s.run(builds=2)
    kinds = [k for k, _ in s.events]
    assert kinds == ["early", "built", "early", "built"]
    first, (_, early), (_, built) = s.events[1][1], s.events[2], s.events[3]

    # the early step: the deck's files, not the rulebook; nothing published yet
    assert "rulebook.pdf" not in early["files"] and "cards-printshop.pdf" in early["files"]
    assert early["pending"] == ["rulebook"]
    assert early["disk"] == first["disk"], "the early step writes nothing to the output folder"
    old_faces, new_faces = first["pictures"]["cards-printshop.pdf"][0], early["pictures"]["cards-printshop.pdf"][0]
    assert len(set(new_faces) - set(old_faces)) == 1, "the renamed side is on the page"
    assert not early["pictures"]["cards-printshop.pdf"][1]
    assert early["pictures"]["rulebook.pdf"] == (first["pictures"]["rulebook.pdf"][0], True), \
        "the rulebook keeps its last pictures, marked as being drawn"

    # the rulebook catches up: redrawn, and the whole set published under the new input hash
    assert built["pictures"]["rulebook.pdf"][0] != first["pictures"]["rulebook.pdf"][0]
    assert not any(drawing for _, drawing in built["pictures"].values())
    assert built["pictures"]["cards-printshop.pdf"][0] == new_faces
    assert built["disk"]["input"] != first["disk"]["input"]
    assert up_to_date(s.game, s.options) is not None, "a plain `pnp build` finds the served build current"
    fresh = build_game(s.game, BuildOptions(out=tmp_path / "fresh", force=True))
    sha = {f["file"]: f["sha256"] for f in built["disk"]["files"]}
    assert sha == {f["file"]: f["sha256"] for f in fresh.files}, "the served build is what a fresh build makes"


def test_a_rulebook_error_after_the_early_step_keeps_the_output_folder_and_clears_on_the_fix(tmp_path):
    def break_rules(game):
        mutate(game / "rules.md", "# Overview", "{{ no_such_value }}\n# Overview")
        rename_barn(game)

    def fix_rules(game):
        mutate(game / "rules.md", "{{ no_such_value }}\n", "")

    s = Session(tmp_path, [break_rules, fix_rules])
    s.run(builds=3)
    assert [k for k, _ in s.events] == ["early", "built", "early", "failed", "early", "built"]
    good, early, failed, again, fixed = (e for _, e in s.events[1:])
    assert set(early["pictures"]["cards-printshop.pdf"][0]) != set(good["pictures"]["cards-printshop.pdf"][0])
    assert failed["errors"] and all("rules.md" in e["where"] for e in failed["errors"]), failed["errors"]
    assert failed["disk"] == good["disk"], "a build that failed in its rulebook publishes nothing"
    assert failed["pictures"]["rulebook.pdf"] == (good["pictures"]["rulebook.pdf"][0], False), \
        "the rulebook shows its last good pictures, no longer waiting"
    assert not failed["current"], "the folder's build is not taken for the broken save's"
    assert "does not build" in failed["summary"] and "building" not in failed["summary"]
    assert again["errors"] == failed["errors"], "an early step leaves the rulebook's errors until it is built"
    assert fixed["pictures"]["rulebook.pdf"][1] is False and not s.preview.state()["errors"]
    assert fixed["disk"]["input"] != good["disk"]["input"]


def test_a_card_error_appears_and_the_early_step_of_the_fix_clears_it(tmp_path):
    def break_card(game):
        mutate(game / "cards.yaml", "name: Barn\n", "name: Barn\n        bogus: 1\n")

    def fix_card(game):
        mutate(game / "cards.yaml", "name: Barn\n        bogus: 1\n", "name: Big barn\n")

    s = Session(tmp_path, [break_card, fix_card])
    s.run(builds=3)
    assert [k for k, _ in s.events] == ["early", "built", "failed", "early", "built"]
    good, failed, early, _ = (e for _, e in s.events[1:])
    line = line_of(EXAMPLES / "blorg" / "cards.yaml", "name: Barn") + 1
    assert any(e["where"].endswith(f"blorg/cards.yaml:{line}:9")
               and "bogus" in e["message"] for e in failed["errors"]), failed["errors"]
    assert failed["pictures"] == good["pictures"], "the last good pictures stay"
    assert early["errors"] == [], "the fixed card clears the error before the rulebook is rebuilt"
    assert early["pictures"]["rulebook.pdf"][1] is True


def test_a_rules_edit_hands_out_nothing_early(tmp_path):
    """Nothing rendered anew before the rulebook (a rules.md edit): no early step, one build."""
    s = Session(tmp_path, [lambda game: mutate(game / "rules.md", "# Overview", "# Overview of the game")])
    s.run(builds=2)
    assert [k for k, _ in s.events] == ["early", "built", "built"]


def test_the_state_long_poll_answers_at_the_next_version():
    """`/state?after=N` waits while the version is N and answers as soon as it changes; anything else at once."""
    import threading
    import urllib.request

    from pnp.serve.server import PreviewServer

    preview = Preview("g")
    server = PreviewServer(preview, 0)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def get(query: str) -> dict:
        with urllib.request.urlopen(f"{server.url}state{query}", timeout=30) as answer:
            return json.loads(answer.read())

    try:
        now = get("")["version"]
        assert get(f"?after={now + 5}")["version"] == now, "a version the page does not show: answered at once"
        assert get("?after=x")["version"] == now and get("?after=" + "9" * 40)["version"] == now
        got = {}
        waiting = threading.Thread(target=lambda: got.update(get(f"?after={now}")))
        waiting.start()
        waiting.join(0.3)
        assert waiting.is_alive(), "the same version: the answer waits"
        preview.failed(RuntimeError("boom"))
        waiting.join(30)
        assert got["version"] == now + 1 and "boom" in got["errors"][0]["message"]
    finally:
        server.shutdown()
        server.server_close()


def test_a_long_file_shows_its_changed_page_before_it_is_drawn_to_the_end():
    """The pictures so far are handed over when the first changed page is drawn; the pages after it
    show their last pictures until they are drawn."""
    import io

    from reportlab.pdfgen import canvas

    from pnp.serve.pictures import draw_pdf, so_far

    def pdf(changed: int | None) -> bytes:
        out = io.BytesIO()
        c = canvas.Canvas(out, pagesize=(100, 100), invariant=1)
        for n in range(1, 13):
            c.setFillColorRGB(0, 0, 0)
            c.rect(10, 10, 8 * (n % 4 + 1), 20, fill=1)  # pages 1, 5, 9 look alike, as copies of a card do
            if n == changed:
                c.circle(70, 70, 15, fill=1)
            c.showPage()
        c.save()
        return out.getvalue()

    last, known = draw_pdf("cards.pdf", "a" * 64, pdf(None), {})
    calls = []
    final, new = draw_pdf("cards.pdf", "b" * 64, pdf(7), known,
                          progress=lambda pictures, drawn, images: calls.append((so_far(pictures, drawn, last), drawn,
                                                                                 images)))
    assert calls and calls[0][1] == 7, "handed over as soon as the changed page is drawn"
    shown, _, images = calls[0]
    assert shown.drawing and set(images) == set(new) and len(new) == 1
    page_to_id = {n: p.id for p in shown.pictures for n in p.pages}
    old_ids = {n: p.id for p in last.pictures for n in p.pages}
    assert sorted(page_to_id) == list(range(1, 13)), "every page shows a picture meanwhile"
    assert page_to_id[7] in new and all(page_to_id[n] == old_ids[n] for n in range(1, 13) if n != 7)
    assert {n: p.id for p in final.pictures for n in p.pages} == page_to_id and not final.drawing
