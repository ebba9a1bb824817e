"use strict";
// The start page: choose a game, its variant and options, and who sits where.
const KINDS = [
  ["here", "a person at this screen"],
  ["link", "a person elsewhere (gets a link)"],
  ["random", "random bot"],
  ["greedy", "greedy bot"],
  ["mcts", "MCTS bot"],
];
let offered = [];
let defaults = {};
let first = null;

const $ = (id) => document.getElementById(id);

function chosen() {
  return offered.find((g) => g.spec === $("game").value);
}

function fillGame() {
  const game = chosen();
  const preset = game.spec === first ? defaults : {};
  const variant = $("variant");
  variant.textContent = "";
  $("variant-row").hidden = !game.variant_key;
  for (const v of game.variants) {
    const option = document.createElement("option");
    option.value = v;
    option.textContent = v;
    variant.append(option);
  }
  const wanted = preset[game.variant_key];
  if (wanted !== undefined) variant.value = String(wanted);
  const [least, most] = game.players;
  const players = $("players");
  players.min = least;
  players.max = most;
  players.value = least;
  $("players-row").hidden = least === most;
  const options = $("options");
  options.querySelectorAll("label").forEach((l) => l.remove());
  for (const [key, value] of Object.entries(game.options)) {
    const label = document.createElement("label");
    label.textContent = key + " ";
    const input = document.createElement("input");
    input.name = key;
    input.dataset.option = key;
    input.dataset.default = value;
    input.value = key in preset ? JSON.stringify(preset[key]) : value;
    label.append(input);
    options.append(label);
  }
  options.hidden = Object.keys(game.options).length === 0;
  fillSeats();
}

function fillSeats() {
  const game = chosen();
  const count = Math.max(game.players[0], Math.min(game.players[1], Number($("players").value) || game.players[0]));
  const seats = $("seats");
  seats.querySelectorAll("div").forEach((d) => d.remove());
  for (let p = 0; p < count; p++) {
    const row = document.createElement("div");
    const label = document.createElement("label");
    label.textContent = (game.seat_names[p] || "player " + p) + " ";
    const select = document.createElement("select");
    select.dataset.seat = p;
    for (const [kind, words] of KINDS) {
      const option = document.createElement("option");
      option.value = kind;
      option.textContent = words;
      select.append(option);
    }
    select.value = p === 0 ? "here" : "greedy";
    const strength = document.createElement("input");
    strength.type = "number";
    strength.min = 1;
    strength.max = 20000;
    strength.value = 200;
    strength.dataset.iterations = p;
    strength.title = "MCTS iterations per move";
    strength.hidden = true;
    select.addEventListener("change", () => { strength.hidden = select.value !== "mcts"; });
    label.append(select, strength);
    row.append(label);
    seats.append(row);
  }
}

async function start(event) {
  event.preventDefault();
  $("error").textContent = "";
  const game = chosen();
  const options = {};
  document.querySelectorAll("[data-option]").forEach((input) => {
    if (input.value !== input.dataset.default) options[input.dataset.option] = input.value;
  });
  const seats = [...document.querySelectorAll("[data-seat]")].map((select) => {
    if (select.value !== "mcts") return select.value;
    return "mcts:" + document.querySelector(`[data-iterations="${select.dataset.seat}"]`).value;
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
    $("error").textContent = data.error;
    return;
  }
  location.href = data.url;
}

async function load() {
  const answer = await fetch("/api/games");
  const data = await answer.json();
  offered = data.games;
  defaults = data.defaults || {};
  first = data.default;
  for (const game of offered) {
    const option = document.createElement("option");
    option.value = game.spec;
    option.textContent = game.spec;
    $("game").append(option);
  }
  if (first) $("game").value = first;
  fillGame();
}

$("game").addEventListener("change", fillGame);
$("players").addEventListener("change", fillSeats);
$("start").addEventListener("submit", start);
load();
