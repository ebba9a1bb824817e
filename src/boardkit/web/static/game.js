"use strict";
// A game page: the board and its key, the moves of the seat to move, the scores and what every player
// may see, the moves so far with what each did, the rules, and live updates. Whatever the server says in
// words is shown in a person's words (people.js: seats counted from 1); moves are shown as they are written.
const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let page = null; // the last answer from the server
let shown = null; // the seat whose own view is on screen (several people at one screen)
let passing = false; // the "pass the device" screen is up
let path = []; // the cells clicked so far
let epoch = 0; // bumped whenever the seat on screen changes: older answers are dropped
let hinted = null; // the version the hint shown was given for
let thinking = null; // {key, since}: the bot thinking now, and since when (this page's clock)
let shownLinks = null; // the friends' links on screen, as JSON

const $ = (id) => document.getElementById(id);
const api = (what) => `/api/tables/${encodeURIComponent(tableId)}${what}`;

function hereSeats() {
  return page ? page.seats.filter((s) => s.kind === "here").map((s) => s.seat) : [];
}

function seatName(p) {
  return personWords(page.seats[p].name);
}

function myTurn() {
  return !passing && page && !page.over && page.you !== null && page.you === page.to_move;
}

function matching(moves, cells) {
  return moves.filter((m) => m.cells.length >= cells.length && cells.every((c, i) => m.cells[i] === c));
}

function mark() {
  const moves = myTurn() ? page.moves : [];
  const live = matching(moves, path);
  const next = new Set(live.filter((m) => m.cells.length > path.length).map((m) => m.cells[path.length]));
  document.querySelectorAll("#board [data-cell]").forEach((g) => {
    g.classList.toggle("can", next.has(g.dataset.cell));
    g.classList.toggle("picked", path.includes(g.dataset.cell));
  });
  const keep = new Set(live.map((m) => m.move));
  document.querySelectorAll("#moves [data-move]").forEach((b) => {
    b.classList.toggle("off", path.length > 0 && !keep.has(b.dataset.move));
  });
  // Beside the board, as buttons: the moves the cells picked so far make whole (token A or B to
  // the oval clicked), and the moves that name no cell at all (end the turn); the rest are in the list.
  const whole = path.length ? live.filter((m) => m.cells.length === path.length) : [];
  const cellLess = moves.filter((m) => !m.cells.length);
  list("choices", [...whole, ...cellLess], (m) => moveButton(m, "choice"));
  const onBoard = moves.some((m) => m.cells.length);
  $("all-moves-summary").textContent = `All ${moves.length} of your moves as a list`;
  $("all-moves").hidden = !moves.length;
  if (!myTurn()) {
    $("hint").textContent = page && !page.over ? "Not your turn." : "";
  } else if (path.length) {
    const below = whole.length || cellLess.length ? ", or a move below." : ".";
    $("hint").textContent = `Picked ${path.join(" then ")}: click a highlighted cell${below}`;
  } else if (onBoard) {
    $("hint").textContent = "Click a highlighted cell of the board" + (cellLess.length ? ", or a move below." : ".");
  } else {
    $("hint").textContent = "Click one of the moves below.";
  }
}

// A button that makes a move: in the full list (data-move) or beside the board (data-choice).
function moveButton(m, kind) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset[kind] = m.move;
  b.textContent = m.move;
  b.addEventListener("click", () => {
    play(m.move);
    $("board").scrollIntoView({ block: "nearest", behavior: "smooth" }); // to see the move, and the reply
  });
  return b;
}

function clickCell(name) {
  if (!myTurn()) return;
  if (path.length && path[path.length - 1] === name) {
    path = [];
    mark();
    return;
  }
  let next = [...path, name];
  let live = matching(page.moves, next);
  if (!live.length) {
    next = [name];
    live = matching(page.moves, next);
  }
  if (!live.length) {
    path = [];
    mark();
    return;
  }
  path = next;
  const exact = live.filter((m) => m.cells.length === path.length);
  if (live.length === 1 && exact.length === 1) {
    play(exact[0].move);
    return;
  }
  // A pick that several moves complete (token A or B to this oval) is finished by a button beside the
  // board, which on a phone is below it: brought into view, or the tap would seem to do nothing.
  if (exact.length) setTimeout(() => $("moves-box").scrollIntoView({ block: "nearest", behavior: "smooth" }));
  mark();
}

// A tall picture (Cloth of Gold's, laid out for a phone) is drawn no taller than the screen, with the header
// above it and the key under it: the board's width follows from the first picture's shape and that room, so
// that it keeps its size as the game goes on.
let shape = null; // the first picture's height over its width
let room = 0; // the height in pixels above the first picture (the header) and under it (its key), kept free
// A picture is never drawn at less than this share of its own size, so that its smallest words (a board's
// 16-unit coordinates) stay at 11 pixels and its cells big enough to tap: a wider board (19x19) scrolls
// sideways in its box on a phone rather than shrinking out of reach.
const LEAST_SCALE = 0.69;

function fit() {
  const svg = $("board").querySelector("svg");
  if (shape === null && svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
    shape = svg.viewBox.baseVal.height / svg.viewBox.baseVal.width;
    room = $("board").getBoundingClientRect().top + scrollY + ($("key").hidden ? 0 : $("key").offsetHeight);
  }
  if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
    svg.style.minWidth = `${Math.round(svg.viewBox.baseVal.width * LEAST_SCALE)}px`;
  }
  if (shape) {
    const most = Math.min(720, (innerHeight - 16 - room) / shape);
    $("board-side").style.maxWidth = `${Math.round(Math.max(320, most))}px`;
  }
}
addEventListener("resize", fit);

function list(id, items, make) {
  const box = $(id);
  box.textContent = "";
  for (const item of items) box.append(make(item));
}

function render() {
  const needPass = page.secret && page.host && hereSeats().length > 1;
  if (needPass && !page.over && hereSeats().includes(page.to_move) && page.to_move !== shown) {
    passing = true;
    shown = null;
    epoch++;
  }
  document.title = `boardkit: ${page.game}`;
  document.body.dataset.over = page.over;
  document.body.dataset.version = page.version;
  document.body.dataset.passing = passing;
  $("title").textContent = page.game;
  let status = personWords(page.status);
  if (myTurn()) status += " (your move)";
  $("status").textContent = status;
  $("board").innerHTML = page.svg;
  const picture = $("board").querySelector("svg");
  if (picture) personPicture(picture);
  $("key").hidden = !picture || !liftKey(picture, $("key")); // before fit(), which reads the picture's shape
  fit();
  // The last move on the board: the cells it named, or the one it filled.
  for (const name of page.last || []) {
    const cell = $("board").querySelector(`[data-cell="${CSS.escape(name)}"]`);
    if (cell) cell.classList.add("last");
  }
  think();
  $("pass").hidden = !passing;
  if (passing) {
    $("pass-text").textContent = `Pass the device to ${seatName(page.to_move)}.`;
    $("pass-ready").textContent = `I am ${seatName(page.to_move)}: show my view`;
  }
  const moves = passing ? [] : page.moves;
  $("moves-box").hidden = page.over;
  list("moves", moves, (m) => moveButton(m, "move"));
  const secret = passing ? [] : page.private;
  $("private-box").hidden = !secret.length;
  const box = $("private");
  box.textContent = "";
  if (typeof secret === "string") {
    // Each line of the seat's own screen; a line that lists things ("your hand: gold 1, blue 2") as tiles.
    for (const line of personWords(secret).split("\n")) {
      const drawn = tileLine(line);
      if (drawn) {
        box.append(drawn);
      } else {
        const pre = document.createElement("pre");
        pre.textContent = line;
        box.append(pre);
      }
    }
  } else {
    for (const [key, value] of secret) {
      const p = document.createElement("p");
      p.textContent = personWords(`${key}: ${value}`);
      box.append(p);
    }
  }
  // Each move with the seat that played it and what it did, in the game's words.
  list("history", page.log, (m) => {
    const li = document.createElement("li");
    li.dataset.played = m.move;
    if (m.by) {
      const by = document.createElement("span");
      by.className = "by";
      by.textContent = personWords(m.by) + " ";
      li.append(by);
    }
    const move = document.createElement("code");
    move.textContent = m.move;
    li.append(move);
    if (m.did) {
      const did = document.createElement("span");
      did.className = "did";
      did.textContent = personWords(m.did);
      li.append(did);
    }
    return li;
  });
  const history = $("history");
  history.scrollTop = history.scrollHeight;
  facts();
  list("seats", page.seats, (s) => {
    const li = document.createElement("li");
    const you = page.yours.includes(s.seat) ? " (you)" : "";
    li.textContent = `${seatName(s.seat)}: ${s.label}${you}${s.seat === page.to_move ? ", to move" : ""}`;
    return li;
  });
  $("links-box").hidden = !page.links.length;
  // Built again only when the links change, so that a "copied" note stays in sight while the game goes on.
  const links = JSON.stringify(page.links);
  if (links !== shownLinks) {
    shownLinks = links;
    list("links", page.links, linkItem);
  }
  $("ask-hint").hidden = !page.can_hint;
  if (!page.can_hint || (hinted && hinted !== page.version)) {
    $("hint-said").hidden = true;
    hinted = null;
    document.querySelectorAll("#board .hinted").forEach((g) => g.classList.remove("hinted"));
  }
  const found = page.searched;
  $("searched").hidden = !found || Boolean(page.thinking);
  $("searched").textContent = found ? personWords(`${found.whose} bot searched: ${found.summary}`) : "";
  // A button that may not be used now stays in sight, greyed, with the reason beside it.
  $("undo").hidden = !page.can_undo && !page.undo_refusal;
  $("undo").disabled = !page.can_undo;
  $("undo").title = personWords(page.undo_refusal || "");
  $("new").hidden = !page.host;
  $("new").disabled = !page.can_restart;
  $("new").title = personWords(page.restart_refusal || "");
  const notes = [];
  if (page.undo_refusal) notes.push(`Undo: ${page.undo_refusal}.`);
  if (page.restart_refusal) notes.push(`New game: ${page.restart_refusal}.`);
  $("note").textContent = personWords(notes.join(" "));
  $("note").hidden = !notes.length;
  const query = `?token=${encodeURIComponent(token)}`;
  $("record").hidden = !page.record;
  $("record").href = api("/record.json") + query;
  list("formats", page.record ? page.formats : [], (f) => {
    const a = document.createElement("a");
    a.href = api(`/record.${encodeURIComponent(f.key)}`) + query;
    a.download = "";
    a.dataset.format = f.key;
    a.title = f.name;
    a.textContent = `Record (${f.suffix})`;
    return a;
  });
  mark();
}

// A friend's link, with a button that copies it and a note that says it did.
function linkItem(l) {
  const li = document.createElement("li");
  li.append(`${seatName(l.seat)}: `);
  const a = document.createElement("a");
  a.href = l.href;
  a.dataset.seatLink = l.seat;
  a.textContent = l.href;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = "Copy";
  copy.dataset.copy = l.seat;
  copy.setAttribute("aria-label", `Copy the link for ${seatName(l.seat)}`);
  const note = document.createElement("span");
  note.className = "copied";
  note.dataset.copied = l.seat;
  note.setAttribute("role", "status");
  note.hidden = true;
  copy.addEventListener("click", () => copyLink(l.href, a, note));
  li.append(a, " ", copy, " ", note);
  return li;
}

// The link to the clipboard; where the page may not write there (not served from this machine or over HTTPS,
// or the browser says no), the link is selected, and copied the old way if the browser still does that.
async function copyLink(href, a, note) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(href);
    copied = true;
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(a);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    copied = document.execCommand("copy");
  }
  note.textContent = copied ? "copied" : "selected: copy it (Ctrl+C, or press and hold on a phone)";
  note.hidden = false;
}

// "player 1 (MCTS bot) is thinking... 3 s" while a bot moves, counted from when this page saw it start.
function think() {
  const bot = page && !page.over ? page.thinking : null;
  const key = bot ? `${page.version}:${bot.seat}` : null;
  if (!thinking || thinking.key !== key) thinking = key ? { key, since: Date.now() } : null;
  document.body.dataset.thinking = Boolean(thinking);
  $("thinking").hidden = !thinking;
  if (thinking) {
    const seconds = Math.floor((Date.now() - thinking.since) / 1000);
    const found = thinking.line ? `: ${thinking.line}` : "";
    $("thinking").textContent = `${personWords(bot.name)} (${bot.label}) is thinking\u2026 ${seconds} s${personWords(found)}`;
  }
}
// What the thinking bot's search has found so far (depth, positions, score), asked for once a second.
async function hear() {
  const asked = thinking;
  try {
    const response = await fetch(api("/thinking?" + new URLSearchParams({ token })));
    if (!response.ok) return;
    const heard = await response.json();
    if (asked === thinking && thinking && String(heard.version) === thinking.key.split(":")[0]) thinking.line = heard.line;
  } catch (error) {
    // the line is a nicety: a failed look leaves the clock counting
  }
}
setInterval(() => {
  if (thinking) {
    hear();
    think();
  }
}, 1000);

// A list of things as a game writes it ("gold 1, blue 2", "garden, blank x2; 3 concealed", "(none)"):
// [{name, count}] and what follows the list, or null for text that is no such list.
function tileList(text) {
  const [list, ...rest] = text.trim().split("; ");
  const empty = list === "(none)" || list === "-";
  const items = empty ? [] : list.split(", ").map((item) => {
    const found = /^([A-Za-z][A-Za-z' -]*?)(?: x(\d+)| (\d+))?$/.exec(item);
    return found ? { name: found[1], count: Number(found[2] || found[3] || 1), counted: Boolean(found[2] || found[3]) } : null;
  });
  if (items.some((i) => i === null)) return null;
  // One word alone is a word, not a hand: a list is empty, longer than one, counted, or followed by more.
  if (!empty && items.length < 2 && !items[0].counted && !rest.length) return null;
  return { items: items.filter((i) => i.count > 0), rest: rest.join("; ") };
}

// The things as tiles, each named as the game names it, with its count, in the colour the board's picture
// gives a thing of that name (Cloth of Gold's blue tile is the board's blue and its jewel green; a CSS colour
// of the same name painted blue violet and left jewels beige), or a plain tile where the picture gives none.
function tiles(found) {
  const span = document.createElement("span");
  span.className = "tiles";
  const picture = $("board").querySelector("svg");
  for (const item of found.items) {
    const tile = document.createElement("span");
    tile.className = "tile";
    tile.dataset.tile = item.name;
    const colour = colourIn(picture, item.name);
    if (colour) tile.style.setProperty("--tile", colour);
    tile.textContent = item.name;
    if (item.count > 1) {
      const count = document.createElement("b");
      count.textContent = `\u00d7${item.count}`;
      tile.append(" ", count);
    }
    span.append(tile);
  }
  if (!found.items.length) span.append("none");
  if (found.rest) span.append(`; ${found.rest}`);
  return span;
}

// A line "label: things (note)" with the things as tiles, or null when the line lists nothing.
function tileLine(line) {
  const cut = line.indexOf(": ");
  if (cut < 0) return null;
  let value = line.slice(cut + 2);
  const note = /\s*(\([^()]*\))$/.exec(value);
  if (note) value = value.slice(0, note.index);
  const found = tileList(value);
  if (!found) return null;
  const p = document.createElement("p");
  p.className = "hand";
  const label = document.createElement("span");
  label.className = "label";
  label.textContent = line.slice(0, cut).trim();
  p.append(label, tiles(found));
  if (note) p.append(` ${note[1]}`);
  return p;
}

// The scores, what every player may see beside the board (hands and courts as tiles), and the rules.
function facts() {
  const row = (label, value) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = personWords(label);
    const td = document.createElement("td");
    const found = tileList(value);
    if (found) td.append(tiles(found));
    else td.textContent = personWords(value);
    tr.append(th, td);
    return tr;
  };
  const scores = page.scores || [];
  $("scores").hidden = !scores.length;
  $("scores").tBodies[0].replaceChildren(...scores.map((s) => row(s.name, String(s.score))));
  $("public").hidden = !page.public.length;
  $("public").tBodies[0].replaceChildren(...page.public.map(([label, text]) => row(label, text)));
  $("table-box").hidden = !scores.length && !page.public.length;
  const about = page.about;
  const moves = about.moves || [], inPlay = about.in_play || [];
  $("rules").hidden = !about.goal && !about.turn && !moves.length && !inPlay.length;
  $("rules-goal").textContent = about.goal ? personWords(`Goal: ${about.goal}`) : "";
  $("rules-turn").textContent = about.turn ? personWords(`A turn: ${about.turn}`) : "";
  // What each kind of move does, then the variant rules the options in play select.
  $("rules-moves").replaceChildren(...moves.flatMap(([kind, text]) => {
    const dt = document.createElement("dt");
    dt.textContent = kind;
    const dd = document.createElement("dd");
    dd.textContent = personWords(text);
    return [dt, dd];
  }));
  $("rules-in-play").replaceChildren(...inPlay.map((text) => {
    const li = document.createElement("li");
    li.textContent = personWords(text);
    return li;
  }));
}

function show(data) {
  // Answers can arrive out of order (a move's answer after the page that follows a bot's reply): never go back.
  if (page && data.you === page.you && data.version < page.version) return;
  const moved = !page || data.version !== page.version || data.you !== page.you;
  page = data;
  if (moved) {
    path = [];
    render();
  }
}

async function answer(response) {
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error ? personWords(data.error) : `refused (${response.status})`;
    return null;
  }
  $("error").textContent = "";
  return data;
}

async function send(action, extra) {
  const mine = epoch;
  const body = { token, version: page.version, seat: shown === null ? page.you : shown, ...extra };
  const response = await fetch(api("/" + action), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer(response);
  if (data && mine === epoch) show(data);
}

function play(move) {
  path = [];
  send("move", { move });
}

async function fetchPage(since) {
  const query = new URLSearchParams({ token });
  if (shown !== null) query.set("seat", shown);
  if (since !== undefined) {
    query.set("since", since);
    query.set("wait", "20");
  }
  return answer(await fetch(api(query.toString() ? "?" + query : "")));
}

async function follow() {
  for (;;) {
    try {
      const mine = epoch;
      const data = await fetchPage(page.version);
      if (mine !== epoch) continue;
      if (data) show(data);
      else await new Promise((r) => setTimeout(r, 3000));
    } catch (e) {
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

$("board").addEventListener("click", (event) => {
  const cell = event.target.closest("[data-cell]");
  if (cell) clickCell(cell.dataset.cell);
});
$("undo").addEventListener("click", () => send("undo", {}));
// A hint: what the strongest bot would play here, and why, said under the buttons until the game moves on.
$("ask-hint").addEventListener("click", async () => {
  const asked = page.version;
  $("ask-hint").disabled = true;
  $("hint-said").hidden = false;
  $("hint-said").textContent = "thinking\u2026";
  try {
    const response = await fetch(api("/hint"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, seat: shown === null ? page.you : shown }),
    });
    const data = await response.json();
    if (page.version !== asked) return;
    hinted = asked;
    $("hint-said").textContent = response.ok ? `Hint: ${data.move}: ${personWords(data.why)}` : personWords(data.error || "no hint");
    // The hinted move on the board too: its cells ringed until the game moves on.
    const cells = response.ok ? (page.moves.find((m) => m.move === data.move) || { cells: [] }).cells : [];
    document.querySelectorAll("#board [data-cell]").forEach((g) => g.classList.toggle("hinted", cells.includes(g.dataset.cell)));
  } catch (err) {
    $("hint-said").textContent = "no hint: the server did not answer";
  } finally {
    $("ask-hint").disabled = false;
  }
});
$("new").addEventListener("click", () => {
  if (page && !page.over && page.history.length && !confirm("Start a new game? This one will be lost.")) return;
  epoch++;
  shown = null;
  passing = false;
  send("new", {});
});
$("pass-ready").addEventListener("click", async () => {
  epoch++;
  const mine = epoch;
  shown = page.to_move;
  passing = false;
  const data = await fetchPage();
  if (data && mine === epoch) {
    page = null;
    show(data);
  }
});

(async () => {
  const data = await fetchPage();
  if (!data) {
    $("status").textContent = "This game cannot be shown.";
    return;
  }
  show(data);
  follow();
})();
