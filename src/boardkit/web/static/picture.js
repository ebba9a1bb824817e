"use strict";
// What the pages read from a game's own picture (its SVG): the key under the board, which the game page
// writes out as a list at a size a phone reads (drawn in the picture, it shrank with the board to 11 px), the
// picture without it, and the colour the picture gives a thing by name (Cloth of Gold's blue tile).

const SVG_NS = "http://www.w3.org/2000/svg";

// The key's lines, top first, each {text, element, swatch: [the shapes drawn beside it], top}: the picture's
// children marked class="key" (boardkit's board drawing marks its legend so, as Cloth of Gold's picture does
// its own), each line of text with the swatch left of it.
function keyLines(svg) {
  const parts = [...svg.children].filter((e) => e.classList.contains("key"));
  // A piece drawn beside a line is a group marked "key" around the shapes the board draws the piece with.
  const shapes = parts.filter((e) => e.tagName !== "text").flatMap((e) => (e.tagName === "g" ? [...e.children] : [e]));
  return parts.filter((e) => e.tagName === "text").map((element) => {
    const box = element.getBBox();
    const middle = box.y + box.height / 2;
    const swatch = shapes.filter((s) => {
      const b = s.getBBox();
      return b.x < box.x && b.y <= middle && middle <= b.y + b.height;
    });
    const top = Math.min(box.y, ...swatch.map((s) => s.getBBox().y));
    return { text: element.textContent, element, swatch, top };
  });
}

// The key's entries: a line with a swatch, or at the left margin after a line without one, begins an entry;
// the others are the wrapped rest of the one before ("castle =" / "City").
function keyEntries(lines) {
  const entries = [];
  for (const line of lines) {
    const last = entries[entries.length - 1];
    if (last && !line.swatch.length && (/^\s/.test(line.text) || last.swatch.length)) {
      last.text += " " + line.text.trim();
    } else {
      entries.push({ text: line.text.trim(), swatch: line.swatch });
    }
  }
  return entries;
}

function fillOf(element) {
  return (element.getAttribute("fill") || "").toLowerCase();
}

// The box around some boxes (getBBox's), `margin` wider each way, as a viewBox.
function around(boxes, margin) {
  const left = Math.min(...boxes.map((b) => b.x)) - margin;
  const top = Math.min(...boxes.map((b) => b.y)) - margin;
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + margin;
  return `${left} ${top} ${right - left} ${bottom - top}`;
}

// A cell's own shape: the square, hexagon or circle the board draws it as (not the clickable strip around it).
function cellShape(cell) {
  return cell.querySelector(":scope > rect:not(.hit), :scope > polygon, :scope > circle, :scope > ellipse");
}

// A key entry's swatch as a small picture of its own. A plain disc of a colour that shades cells of the board
// is drawn as one of those cells (Tafl's throne and corners are squares, as on the board, where the key drew
// discs like its pieces); any other swatch (a piece) as the picture draws it.
function swatchPicture(svg, swatch) {
  let drawn = swatch;
  const disc = swatch.length === 1 && swatch[0].tagName === "circle" ? fillOf(swatch[0]) : "";
  if (disc) {
    const shade = [...svg.querySelectorAll("[data-cell]")].map(cellShape).find((s) => s && fillOf(s) === disc);
    if (shade) drawn = [shade];
  }
  const small = document.createElementNS(SVG_NS, "svg");
  small.setAttribute("viewBox", around(drawn.map((e) => e.getBBox()), 2));
  small.setAttribute("class", "swatch");
  small.setAttribute("aria-hidden", "true");
  small.append(...drawn.map((e) => e.cloneNode(true)));
  return small;
}

// The picture's key written into the list `box` (each entry with its swatch), and taken out of the picture,
// which ends above where the key began. Returns whether the picture had a key.
function liftKey(svg, box) {
  const lines = keyLines(svg);
  box.replaceChildren(...keyEntries(lines).map((entry) => {
    const item = document.createElement("li");
    if (entry.swatch.length) item.append(swatchPicture(svg, entry.swatch));
    item.append(entry.text);
    return item;
  }));
  box.hidden = !lines.length;
  if (!lines.length) return false;
  const view = svg.viewBox.baseVal;
  const [x, y, width] = [view.x, view.y, view.width];
  const height = Math.min(...lines.map((l) => l.top)) - y;
  svg.querySelectorAll(":scope > .key").forEach((e) => e.remove());
  svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  svg.setAttribute("height", String(height));
  return true;
}

// The colour the picture gives a thing of this name (a shape of class "blue": the blue tile), or "" if none.
function colourIn(svg, name) {
  if (!svg || !/^[A-Za-z][\w-]*$/.test(name)) return "";
  const shape = svg.querySelector(`[class~="${name}"][fill]:not([fill="none"]):not([fill="transparent"])`);
  return shape ? shape.getAttribute("fill") : "";
}
