"""The preview page: one HTML file, its style sheet and its script (kept here so that they ship with the code).

The script asks `/state?after=<the version it shows>`, which the server answers as soon as
there is a new version (a long poll), and redraws when its `version` changed: an
error panel (each error as `file:line:col: message`) above the pictures of the last good
build, one section per PDF. Everything from the game (file names, messages) goes into the
page as text, never as HTML. The page's `data-` attributes (`data-version`, `data-builds`,
`data-id`, `data-edition`, `data-lang`) are what the tests read.

The header also offers the print shops (`#shop`, from the state's `shops`): with one chosen (or
`?shop=NAME` in the address) each picture has the same page as that shop prints it beside it
(`/proof/<shop>/<pdf>/<page>.png`, the soft proof: `data-proof` on its image), so the screen's colours
and the printed ones can be compared.

For a game with language editions the header holds the language choice: one link per edition,
named in its own language, the shown one marked `aria-current`. The edition comes from the
page's address (`?lang=de` or `/de/`) and is sent with each `/state` request; following a link
opens that edition's page.
"""

HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pnp preview</title>
<link rel="stylesheet" href="/style.css">
<script src="/app.js" defer></script>
</head>
<body data-version="-1" data-builds="0" data-edition="">
<header>
  <h1 id="game">pnp preview</h1>
  <nav id="languages" aria-label="Edition" hidden></nav>
  <label id="proofing" hidden>as printed by <select id="shop"><option value="">(screen only)</option></select></label>
  <p id="summary">connecting…</p>
  <p id="notice" hidden></p>
  <p id="offline" hidden>The preview server is not answering (stopped?): the pictures below may be out of date.</p>
</header>
<section id="errors" class="panel error" hidden>
  <h2>This save does not build — the pictures below are from the last good build</h2>
  <ul id="error-list"></ul>
</section>
<section id="warnings" class="panel warning" hidden>
  <h2>Warnings</h2>
  <ul id="warning-list"></ul>
</section>
<nav id="toc"></nav>
<main id="files"></main>
</body>
</html>
"""

CSS = """
:root { color-scheme: light; --ink: #222; --muted: #666; --table: #e9e5dc; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--table); }
header { padding: 12px 20px; background: #2e4a3f; color: #fff; position: sticky; top: 0; z-index: 2; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 2px 0 0; opacity: .85; font-size: 13px; }
#offline, #notice { color: #ffd27a; opacity: 1; }
#languages { margin: 6px 0 2px; display: flex; flex-wrap: wrap; gap: 6px; }
#languages a { color: #fff; text-decoration: none; padding: 2px 10px; border: 1px solid rgba(255,255,255,.5);
               border-radius: 12px; font-size: 13px; }
#languages a[aria-current] { background: #fff; color: #2e4a3f; font-weight: 600; }
.panel { margin: 12px 20px; padding: 10px 14px; border-radius: 6px; }
.panel h2 { margin: 0 0 6px; font-size: 15px; }
.panel ul { margin: 0; padding-left: 18px; }
.panel li { font-family: ui-monospace, monospace; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.error { background: #fde8e6; border: 2px solid #c62828; }
.warning { background: #fff6dc; border: 1px solid #b7860b; }
#toc { margin: 8px 20px 0; font-size: 13px; }
#toc a { margin-right: 12px; color: #2e4a3f; }
.file { margin: 16px 20px 28px; }
.file h2 { font-size: 16px; margin: 0 0 8px; }
.file h2 small { font-weight: normal; color: var(--muted); margin-left: 8px; }
.pictures { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
figure { margin: 0; text-align: center; }
figure img { display: block; max-width: min(100%, 420px); max-height: 600px; width: auto; height: auto;
             background: #fff; box-shadow: 0 2px 8px rgba(0,0,0,.25); }
figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
.note { color: var(--muted); font-style: italic; }
#proofing { display: block; margin: 4px 0 0; font-size: 13px; }
.pair { display: flex; gap: 6px; align-items: flex-start; }
.pair figure img { width: 280px; max-width: 100%; height: auto; }
"""

JS = r"""
"use strict";
const RETRY_MS = 1000;
let seen = null;
// the edition this page shows: ?lang=de, or the path form /de/ ("" for a game without editions)
const LANG = new URLSearchParams(location.search).get("lang") ||
  ((location.pathname.match(/^\/([a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3})\/?$/) || [])[1]) || "";

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function pagesText(pages) {
  if (pages.length === 1) return "page " + pages[0];
  const shown = pages.slice(0, 6).join(", ") + (pages.length > 6 ? ", …" : "");
  return "×" + pages.length + " (pages " + shown + ")";
}

function messages(panel, list, items) {
  list.replaceChildren(...items.map(m => el("li", {"class": "message"}, m.where ? m.where + ": " + m.message : m.message)));
  panel.hidden = items.length === 0;
}

let SHOP = new URLSearchParams(location.search).get("shop") || "";
let last = null;

function picture(f, p, src, attrs, caption) {
  const figure = el("figure", attrs);
  const link = el("a", {"href": src, "target": "_blank", "rel": "noopener"});
  link.append(el("img", Object.assign({"src": src, "width": p.width, "height": p.height,
                                       "alt": f.file + ", " + pagesText(p.pages) + (caption ? ", " + caption : "")},
                                      attrs)));
  figure.append(link, el("figcaption", {}, pagesText(p.pages) + (caption ? " · " + caption : "")));
  return figure;
}

function fileSection(f, index) {
  const section = el("section", {"class": "file", "id": "file-" + index, "data-file": f.file});
  const h2 = el("h2", {}, f.file);
  const count = f.drawing && !f.pages ? "drawing" : f.pages === 1 ? "1 page" : f.pages + " pages";
  const small = el("small", {}, count + (f.pictures.length && f.pictures.length < f.pages ? ", " + f.pictures.length + " different" : "") + " · ");
  small.append(el("a", {"href": f.pdf, "target": "_blank", "rel": "noopener"}, "open the PDF"));
  h2.append(small);
  section.append(h2);
  if (f.problem) section.append(el("p", {"class": "note"}, f.problem));
  if (f.drawing) section.append(el("p", {"class": "note"}, "drawing the new pages…"));
  const pictures = el("div", {"class": "pictures"});
  const shop = (last && last.shops || []).find(s => s.name === SHOP);
  for (const p of f.pictures) {
    const screen = picture(f, p, p.src, {"data-id": p.id}, shop ? "screen" : "");
    if (!shop) { pictures.append(screen); continue; }
    const proof = "/proof/" + shop.name + "/" + f.pdf.split("/").pop() + "/" + (p.pages[0] - 1) + ".png";
    const pair = el("div", {"class": "pair"});
    pair.append(screen, picture(f, p, proof, {"data-proof": shop.name, "loading": "lazy"}, "as " + shop.title + " prints it"));
    pictures.append(pair);
  }
  section.append(pictures);
  if (f.more) section.append(el("p", {"class": "note"}, f.more + " more pages are in the PDF."));
  return section;
}

function languages(state) {
  const nav = document.getElementById("languages");
  nav.replaceChildren(...state.languages.map(l => {
    const link = el("a", {"href": "/?lang=" + encodeURIComponent(l.code), "lang": l.code, "dir": "auto",
                          "data-lang": l.code, "title": l.code}, l.name);
    if (l.code === state.edition) link.setAttribute("aria-current", "page");
    return link;
  }));
  nav.hidden = state.languages.length === 0;
  const notice = document.getElementById("notice");
  notice.textContent = state.notice;
  notice.hidden = !state.notice;
}

function shops(state) {
  const select = document.getElementById("shop");
  if (select.options.length === 1) {
    for (const s of state.shops) select.append(el("option", {"value": s.name}, s.title));
    select.value = SHOP;
    select.addEventListener("change", () => {
      SHOP = select.value;
      const params = new URLSearchParams(location.search);
      if (SHOP) params.set("shop", SHOP); else params.delete("shop");
      history.replaceState(null, "", location.pathname + (params.toString() ? "?" + params : ""));
      if (last) document.getElementById("files").replaceChildren(...last.files.map(fileSection));
    });
  }
  document.getElementById("proofing").hidden = state.shops.length === 0;
  document.body.dataset.shop = SHOP;
}

function show(state) {
  last = state;
  shops(state);
  const edition = state.edition ? " (" + state.edition + ")" : "";
  document.title = state.game + edition + " — pnp preview";
  document.getElementById("game").textContent = state.game + edition;
  document.getElementById("summary").textContent = state.summary;
  languages(state);
  document.body.dataset.edition = state.edition || "";
  messages(document.getElementById("errors"), document.getElementById("error-list"), state.errors);
  messages(document.getElementById("warnings"), document.getElementById("warning-list"), state.warnings);
  document.getElementById("toc").replaceChildren(...state.files.map((f, i) => el("a", {"href": "#file-" + i}, f.file)));
  document.getElementById("files").replaceChildren(...state.files.map(fileSection));
  document.body.dataset.version = state.version;
  document.body.dataset.builds = state.builds;
}

async function poll() {
  let wait = 0;
  try {
    const answer = await fetch("/state?after=" + (seen === null ? -1 : seen) +
                               (LANG ? "&lang=" + encodeURIComponent(LANG) : ""), {cache: "no-store"});
    if (!answer.ok) throw new Error("HTTP " + answer.status);
    const state = await answer.json();
    document.getElementById("offline").hidden = true;
    if (state.version !== seen) {
      show(state);
      seen = state.version;
    }
  } catch (e) {
    document.getElementById("offline").hidden = false;
    wait = RETRY_MS;
  }
  setTimeout(poll, wait);
}

poll();
"""
