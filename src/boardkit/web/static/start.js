"use strict";
// The start page: choose a game, its variant and options, and who sits where.
// The options form is built from each game's option schema (/api/games: option_info):
// a list for choices (and for a seat: who moves first), a box for yes/no, a number field with its range,
// lines for a game's own data (a plan, a tile list), text for the rest; seats are counted from 1 (people.js).
// Each game is a card with a small picture of its board at the start (/api/games: picture).
// Bots by level (boardkit.match.LEVELS), each with its agent and budget in words for the game
// (/api/games: levels), or any bot in the agent grammar.
const PEOPLE = [
  ["here", "a person at this screen"],
  ["link", "a person elsewhere (gets a link)"],
];
const OTHER_BOTS = [
  ["random", "bot: random moves"],
  ["custom", "bot: written as on the command line…"],
];
let offered = [];
let defaults = {};
let first = null;
let fields = []; // the options on the form: {info, value()}

const $ = (id) => document.getElementById(id);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function picked() {
  const card = document.querySelector("[data-pick]:checked");
  return card ? card.value : "";
}

function chosen() {
  return offered.find((g) => g.spec === picked());
}

function shown(value) {
  if (value === null) return "none";
  if (value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

// What none means for an option, as its help says it ("... (none: the standard plan)"), or "".
const NONE_MEANS = /\s*\(none: ([^()]+)\)/;

function noneWords(info) {
  const found = NONE_MEANS.exec(info.help || "");
  return found ? found[1] : "";
}

// A value as the form shows it: the option's own words for a choice (Tafl's "tT": "both") or for none
// (Camelot's plan: "the standard plan"), else the value.
function named(info, value) {
  const at = (info.choices || []).findIndex((c) => same(c, value));
  const words = at >= 0 && info.labels ? info.labels[at] : value === null ? noneWords(info) : "";
  return words || shown(value);
}

function seatName(game, p) {
  return personWords(game.seat_names[p] || `player ${p}`);
}

// An option whose value is a seat's number (each game's "first": who moves first) is chosen by the seat's
// name, among the seats the game can have; fillSeats offers only those of the players chosen.
function bySeat(info, game) {
  if (info.name !== "first" || info.type !== "int" || info.choices.length || info.low !== 0) return info;
  const most = Math.min(info.high === null ? Infinity : info.high, game.players[1] - 1);
  const seats = Array.from({ length: most + 1 }, (_, p) => p);
  return { ...info, choices: seats, labels: seats.map((p) => seatName(game, p)), low: null, high: null, seats: true };
}

// Data of the game's own (Camelot's plan, its tile list) written one item a line, with no JSON to write: a
// list of rows as its rows ("T W W T"), a list of entries as their fields split by commas ("tower, T, 2, 4").
function asLines(value) {
  if (value === null || value === undefined) return "";
  const plain = (v) => v === null || typeof v !== "object";
  if (Array.isArray(value) && value.every((v) => plain(v) || (Array.isArray(v) && v.every(plain)))) {
    return value.map((v) => (Array.isArray(v) ? v.map(asField).join(", ") : String(v))).join("\n");
  }
  return JSON.stringify(value, null, 1); // any other shape, as the data it is
}

// A field of a line: as it is, or quoted as JSON where it holds a comma or starts with a quote (a kind letter ",").
function asField(v) {
  return typeof v === "string" && (v.includes(",") || v.trim().startsWith('"')) ? JSON.stringify(v) : String(v);
}

// A line's fields split by its commas, but not by those inside a field in double quotes: such a field is read
// as the JSON string it is ({quoted: text}); one that is not (an unclosed quote, a bad escape) stays as typed.
function fieldsOf(line) {
  const fields = [];
  let rest = line;
  for (;;) {
    const quoted = rest.match(/^\s*("(?:[^"\\]|\\.)*")\s*(,|$)/);
    const text = quoted ? jsonText(quoted[1]) : null;
    const field = text !== null ? quoted[0] : rest.match(/^[^,]*(,|$)/)[0];
    fields.push(text !== null ? { quoted: text } : field.replace(/,$/, "").trim());
    if (!field.endsWith(",")) return fields;
    rest = rest.slice(field.length);
  }
}

// The text a JSON string writes, or null where it is not one ("\q", a tab typed in it).
function jsonText(written) {
  try {
    return JSON.parse(written);
  } catch {
    return null;
  }
}

// The lines read back as the data they write (text that starts as JSON does is sent as it is: the server reads it),
// each field of an item of the type the game declares for it (info.fields: a tile's name "2" stays text where its
// value is a number); a field of data that declares none is read as what it looks like.
function fromLines(text, types) {
  const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
  if (lines.length && /^[[{]/.test(lines[0])) return text;
  return lines.map((line) => {
    if (types.length === 1) return fieldValue(line, types[0]);
    if (types.length > 1 || line.includes(",")) {
      return fieldsOf(line).map((f, i) => (typeof f === "object" ? f.quoted : fieldValue(f, types[i])));
    }
    return line;
  });
}

// A field as its declared type ("str", "int", "float", "bool"), or, undeclared, as what it looks like.
function fieldValue(text, type) {
  const field = text.trim();
  const number = type === undefined || type === "int" || type === "float";
  const yesNo = type === undefined || type === "bool";
  if (number && /^-?\d+(\.\d+)?$/.test(field)) return Number(field);
  if (yesNo && (field === "true" || field === "yes")) return true;
  if (yesNo && (field === "false" || field === "no")) return false;
  return field; // text, or not of its type: the server says what it wanted
}

function range(info) {
  if (info.low !== null && info.high !== null) return `from ${info.low} to ${info.high}`;
  if (info.low !== null) return `${info.low} or more`;
  if (info.high !== null) return `at most ${info.high}`;
  return "";
}

function element(tag, props) {
  return Object.assign(document.createElement(tag), props || {});
}

// One option's row: its name, a field of its declared type, "none" (and named values such
// as "random") as boxes beside it, and a line of help with the range and default.
function optionRow(info, preset) {
  info = bySeat(info, chosen());
  const start = preset !== undefined ? preset : info.default;
  const row = element("div", { className: "option" });
  row.dataset.option = info.name;
  const label = element("label");
  label.append(element("span", { className: "name", textContent: info.name.replaceAll("_", " ") }), " ");
  const alternatives = [...info.also];
  if (info.optional || info.default === null) alternatives.push(null);
  let input;
  let read;
  if (info.choices.length) {
    const values = [...info.choices, ...alternatives];
    alternatives.length = 0; // offered in the list itself
    input = element("select");
    values.forEach((v, i) => {
      const choice = element("option", { value: String(i), textContent: named(info, v) });
      if (info.seats && i < info.choices.length) choice.dataset.seatChoice = v;
      input.append(choice);
    });
    const at = values.findIndex((v) => same(v, start));
    input.value = String(Math.max(at, 0));
    read = () => values[Number(input.value)];
  } else if (info.type === "bool") {
    input = element("input", { type: "checkbox", checked: start === true });
    read = () => input.checked;
  } else if (info.type === "int" || info.type === "float") {
    input = element("input", { type: "number", step: info.type === "int" ? "1" : "any" });
    if (info.low !== null) input.min = info.low;
    if (info.high !== null) input.max = info.high;
    const number = typeof start === "number" ? start : info.default;
    input.value = typeof number === "number" ? String(number) : "";
    read = () => (input.value === "" ? null : Number(input.value));
  } else if (info.type === "data") {
    // None (the standard plan) shows what it stands for, to edit from where the game declares it.
    const data = start === null && info.none_is !== null ? info.none_is : start;
    const placeholder = "one a line; a line's fields split by commas (a field with a comma in double quotes)";
    input = element("textarea", { rows: 4, placeholder, value: asLines(data) });
    read = () => fromLines(input.value, info.fields || []);
  } else {
    input = element("input", { type: "text", value: typeof start === "string" ? start : "" });
    read = () => input.value;
  }
  input.dataset.field = info.name;
  label.append(input);
  row.append(label);
  const boxes = alternatives.map((alt) => {
    const box = element("input", { type: "checkbox", checked: same(start, alt) });
    box.dataset.alternative = shown(alt);
    const holder = element("label", { className: "alternative" });
    holder.append(box, " " + named(info, alt));
    row.append(holder);
    return { box, alt };
  });
  const sync = () => { input.disabled = boxes.some((b) => b.box.checked); };
  for (const { box } of boxes) {
    box.addEventListener("change", () => {
      for (const other of boxes) if (other.box !== box) other.box.checked = false;
      sync();
    });
  }
  sync();
  const help = noneWords(info) ? info.help.replace(NONE_MEANS, "") : info.help;
  const words = [help, range(info), `default ${named(info, info.default)}`].filter(Boolean);
  row.append(element("p", { className: "help", textContent: words.join("; ") }));
  fields.push({
    info,
    value: () => {
      const picked = boxes.find((b) => b.box.checked);
      return picked ? picked.alt : read();
    },
  });
  return row;
}

function fillGame() {
  const game = chosen();
  const preset = game.spec === first ? defaults : {};
  const about = game.about;
  $("goal").textContent = about.goal ? `Goal: ${personWords(about.goal)}` : "";
  $("turn").textContent = personWords(about.turn);
  $("turn-box").hidden = !about.turn;
  $("about").hidden = !about.goal && !about.turn;
  const variant = $("variant");
  variant.textContent = "";
  $("variant-row").hidden = !game.variant_key;
  const variantInfo = game.option_info.find((o) => o.name === game.variant_key);
  $("variant-help").hidden = !variantInfo || !variantInfo.help;
  if (game.variant_key) {
    const key = game.variant_key.replaceAll("_", " ");
    $("variant-label").textContent = key.charAt(0).toUpperCase() + key.slice(1);
    $("variant-help").textContent = variantInfo ? variantInfo.help : "";
  }
  for (const v of game.variants) variant.append(element("option", { value: v, textContent: v }));
  variant.value = game.variant_default || "";
  const wanted = preset[game.variant_key];
  if (wanted !== undefined) variant.value = String(wanted);
  const [least, most] = game.players;
  const players = $("players");
  players.min = least;
  players.max = most;
  players.value = game.default_players;
  $("players-row").hidden = least === most;
  const options = $("options");
  options.textContent = "";
  fields = [];
  const infos = game.option_info.filter((o) => o.name !== game.variant_key);
  for (const info of infos) options.append(optionRow(info, preset[info.name]));
  $("options-box").hidden = infos.length === 0;
  $("options-box").open = infos.length <= 4 || infos.some((o) => o.name in preset);
  $("options-summary").textContent = `Options (${infos.length}): leave them at their defaults, or choose`;
  fillSeats();
}

function fillSeats() {
  const game = chosen();
  const count = Math.max(game.players[0], Math.min(game.players[1], Number($("players").value) || game.players[0]));
  const seats = $("seats");
  seats.querySelectorAll("div").forEach((d) => d.remove());
  for (let p = 0; p < count; p++) {
    const row = element("div");
    const label = element("label", { textContent: seatName(game, p) + " " });
    const select = element("select");
    select.dataset.seat = p;
    const levels = (game.levels || []).map((l) => [l.level, `bot, ${l.words}`]);
    for (const [kind, words] of [...PEOPLE, ...levels, ...OTHER_BOTS]) {
      select.append(element("option", { value: kind, textContent: words }));
    }
    select.value = p === 0 ? "here" : "medium";
    const strength = element("input", {
      type: "text", value: "mcts:200", size: 12,
      title: "a bot as the command line writes it: mcts:400, alphabeta:4, best@1s",
    });
    strength.dataset.spec = p;
    const sync = () => { strength.hidden = select.value !== "custom"; };
    select.addEventListener("change", sync);
    sync();
    label.append(select, strength);
    row.append(label);
    seats.append(row);
  }
  // Who moves first: one of the seats at the table.
  for (const choice of document.querySelectorAll("#options [data-seat-choice]")) {
    choice.disabled = choice.hidden = Number(choice.dataset.seatChoice) >= count;
    if (choice.selected && choice.disabled) choice.parentElement.value = "0";
  }
}

async function start(event) {
  event.preventDefault();
  $("error").textContent = "";
  const game = chosen();
  const options = {};
  for (const field of fields) {
    const value = field.value();
    if (!same(value, field.info.default)) options[field.info.name] = value;
  }
  const seats = [...document.querySelectorAll("[data-seat]")].map((select) => {
    if (select.value !== "custom") return select.value;
    return document.querySelector(`[data-spec="${select.dataset.seat}"]`).value.trim();
  });
  const body = { game: game.spec, options, seats };
  if (game.variant_key) body.variant = $("variant").value;
  const answer = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) {
    $("error").textContent = personWords(data.error);
    return;
  }
  location.href = data.url;
}

// A game's card: a radio button, the board at the start (drawn by the game itself), its title and name.
function card(game) {
  const holder = element("label", { className: "card" });
  const radio = element("input", { type: "radio", name: "game", value: game.spec });
  radio.dataset.pick = game.spec;
  radio.addEventListener("change", fillGame);
  const picture = element("span", { className: "picture" });
  picture.innerHTML = game.picture || "";
  const title = element("span", { className: "title", textContent: game.about.title });
  const spec = element("span", { className: "spec", textContent: game.spec });
  holder.append(picture, radio, title, spec);
  return holder;
}

// Each card's picture shows the whole board and nothing else: the box around everything it draws but its key
// and its words, too small to read there (Cloth of Gold's was cut to its ovals, without its Track and Courts).
function trim() {
  for (const svg of document.querySelectorAll(".card .picture svg")) {
    for (const line of keyLines(svg)) [line.element, ...line.swatch].forEach((e) => e.remove());
    svg.querySelectorAll("text").forEach((e) => e.remove());
    const drawn = [...svg.children].filter((e) => !(e.tagName === "rect" && e.getAttribute("width") === "100%"));
    const boxes = drawn.map((e) => e.getBBox()).filter((b) => b.width && b.height);
    if (!boxes.length) continue;
    svg.setAttribute("viewBox", around(boxes, 4));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }
}

async function load() {
  const answer = await fetch("/api/games");
  const data = await answer.json();
  offered = data.games;
  defaults = data.defaults || {};
  first = data.default;
  for (const game of offered) $("games").append(card(game));
  const start = document.querySelector(`[data-pick="${CSS.escape(first || "")}"]`) || document.querySelector("[data-pick]");
  if (start) start.checked = true;
  trim();
  fillGame();
}

// A seat of a finished game in a person's words: "here" and "link" are the server's own.
function seatWords(seat) {
  return { here: "a person here", link: "a friend by link" }[seat] || seat;
}

// The finished games this server keeps, newest first, each with its record to download.
async function loadArchive() {
  const answer = await fetch("/api/archive");
  if (!answer.ok) return;
  const games = (await answer.json()).games;
  for (const game of games) {
    const when = new Date(game.finished * 1000).toLocaleString();
    const item = element("li");
    item.dataset.archived = game.number;
    item.append(
      `${game.game}: ${personWords(game.result)}, ${game.moves} moves (${game.seats.map(seatWords).join(" against ")}), ${when} `,
      element("a", { href: `/api/archive/${game.number}/record.json`, textContent: "record" }),
    );
    $("archive").append(item);
  }
  $("archive-box").hidden = games.length === 0;
}

$("players").addEventListener("change", fillSeats);
$("start").addEventListener("submit", start);
load();
loadArchive();
