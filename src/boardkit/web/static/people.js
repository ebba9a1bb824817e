"use strict";
// Words on the pages as a person reads them: seats counted from 1. The games, their records and the
// JSON the pages read count seats from 0 ("player 0", "Court 0", "hand 0"); a person counts from 1, so
// the pages write "player 1" for seat 0. The numbers the pages send back (seat, version) are not words.
const SEAT_NUMBER = /\b(player|Player|court|Court|hand|Hand) (\d+)\b/g;

function personWords(text) {
  return String(text).replace(SEAT_NUMBER, (_, word, number) => `${word} ${Number(number) + 1}`);
}

// Every line of a game's picture (its title, its key, its tooltips) in a person's words.
function personPicture(svg) {
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) node.nodeValue = personWords(node.nodeValue);
}
