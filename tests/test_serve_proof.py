"""`pnp serve`'s soft proof (issue 49): any page beside itself as a print shop prints it, in Chromium.

A small game's card has a square of #00ff00, which no press prints, and a #555555 one, which prints as
designed. In Debian's headless chromium (`test_serve.Browser`) the page's print-shop choice puts each
page's picture as printed beside its screen picture; the pixels of both are read back from the browser
through a canvas: the green is the dull one the shop's file prints, the grey stays grey.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from test_serve import Browser, Served, chromium, wait_for
from test_shop_colour import make_game

CARD_MM = (69.0, 94.0)  # the card with its 3 mm bleed, as the home print-shop file pages it
GREEN_MM, GREY_MM = (34.5, 73.0), (35.0, 45.0)


class ServedInks(Served):
    """`pnp serve` of the small game of `test_shop_colour` (its requests and stop as for cave)."""

    def __init__(self, root):
        self.root = root
        make_game(root)
        self.log = open(root / "serve.log", "w+")
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "inks", "--port", "0", "--out", "out",
                                      "--interval", "0.2"], cwd=root, stdout=self.log, stderr=subprocess.STDOUT)
        found = wait_for(lambda: re.search(r"http://127\.0\.0\.1:(\d+)/", (root / "serve.log").read_text()), 60,
                         "the address printed by pnp serve")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    s = ServedInks(tmp_path_factory.mktemp("proof"))
    try:
        wait_for(lambda: (st := s.state())["builds"] >= 1 and all(f["pictures"] and not f["drawing"] for f in st["files"]),
                 120, "the first build's pictures")
        yield s
    finally:
        s.stop()


# Reads, for the home print-shop file's first page, the colour at two points of the screen picture and of
# the picture as printed (fractions of the picture's size), through a canvas.
PIXELS = """(() => {
  const section = document.querySelector('section.file[data-file="cards-printshop.pdf"]');
  if (!section) return null;
  const screen = section.querySelector("img[data-id]"), printed = section.querySelector("img[data-proof]");
  if (!screen || !printed || !screen.complete || !printed.complete || !printed.naturalWidth) return null;
  const read = (img, fx, fy) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const g = canvas.getContext("2d"); g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(Math.round(fx * img.naturalWidth), Math.round(fy * img.naturalHeight), 1, 1).data.slice(0, 3));
  };
  return JSON.stringify({shop: printed.dataset.proof, caption: printed.closest("figure").textContent,
    screen: [read(screen, %(gx)s, %(gy)s), read(screen, %(rx)s, %(ry)s)],
    printed: [read(printed, %(gx)s, %(gy)s), read(printed, %(rx)s, %(ry)s)], href: location.href});
})()""" % {"gx": GREEN_MM[0] / CARD_MM[0], "gy": GREEN_MM[1] / CARD_MM[1],
            "rx": GREY_MM[0] / CARD_MM[0], "ry": GREY_MM[1] / CARD_MM[1]}


def close(a, b, within):
    return max(abs(x - y) for x, y in zip(a, b)) <= within


def test_a_chosen_shop_shows_each_page_as_printed_beside_the_screen_in_a_browser(served):
    browser = Browser(chromium())
    try:
        browser.open(served.url)
        wait_for(lambda: browser.evaluate("document.querySelectorAll('img[data-id]').length") or 0, 30,
                 "the page's pictures")
        assert browser.evaluate("document.querySelectorAll('img[data-proof]').length") == 0  # screen only at first
        options = browser.evaluate("[...document.querySelectorAll('#shop option')].map(o => o.value).join(',')")
        assert options == ",drivethrucards,printninja,pdfx4"
        browser.evaluate("const s = document.getElementById('shop'); s.value = 'drivethrucards';"
                         "s.dispatchEvent(new Event('change')); true")
        seen = json.loads(wait_for(lambda: browser.evaluate(PIXELS), 90, "the page as DriveThruCards prints it"))
    finally:
        browser.close()
    assert seen["shop"] == "drivethrucards" and "as DriveThruCards prints it" in seen["caption"]
    assert "shop=drivethrucards" in seen["href"]  # the choice is in the address, to reload or share
    (green_screen, grey_screen), (green_printed, grey_printed) = seen["screen"], seen["printed"]
    assert close(green_screen, (0, 255, 0), 8) and close(grey_screen, (0x55, 0x55, 0x55), 6)
    assert close(green_printed, (0x6b, 0xb5, 0x39), 12), green_printed  # the green DriveThruCards can print
    assert close(grey_printed, (0x55, 0x55, 0x55), 6), grey_printed  # a grey prints at its lightness


def test_proofs_are_served_only_for_known_shops_files_and_pages(served):
    state = served.state()
    assert [s["name"] for s in state["shops"]] == ["drivethrucards", "printninja", "pdfx4"]
    key = next(f["pdf"] for f in state["files"] if f["file"] == "cards-printshop.pdf").split("/")[-1]
    code, png = served.get(f"/proof/pdfx4/{key}/0.png")
    assert code == 200 and png.startswith(b"\x89PNG")
    assert served.get(f"/proof/tgc/{key}/0.png")[0] == 404  # a picture shop has no CMYK file to proof
    assert served.get(f"/proof/kinkos/{key}/0.png")[0] == 404
    assert served.get(f"/proof/pdfx4/{key}/7.png")[0] == 404
    assert served.get("/proof/pdfx4/0123456789abcdef/0.png")[0] == 404
    assert served.get(f"/proof/pdfx4/{key}/../0.png")[0] == 404
