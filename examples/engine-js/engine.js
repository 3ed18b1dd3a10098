#!/usr/bin/env node
// A cardrules engine in JavaScript, written from the protocol alone (docs: "Engines in
// any language"). It plays Azi and Hazari: each decision it picks one of the listed
// legal actions at random, never folding when it may stay in.
// Run it as a seat: cardrules simulate azi --bots 'exec:node examples/engine-js/engine.js',random
"use strict";
const readline = require("readline");

let state = 1; // xorshift32 state, seeded by each new game
const random = (n) => {
  state ^= state << 13; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
  return state % n;
};
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    const major = String(message.version).split(".")[0];
    if (message.protocol !== "cardrules-engine" || major !== "1") process.exit(2);
    send({ type: "engine", protocol: "cardrules-engine", version: "1.0",
           name: "random-js", author: "cardrules examples", options: {}, legal_limit: 100 });
  } else if (message.type === "new_game") {
    state = (Number(BigInt(message.seed) % 4294967291n) >>> 0) || 1;
  } else if (message.type === "decide") {
    const { ids, text } = message.legal;
    const stay = ids.filter((id, i) => text[i] !== "fold");
    const choices = stay.length > 0 ? stay : ids;
    const id = choices[random(choices.length)];
    send({ type: "action", id, info: `${choices.length} of ${message.legal.count} choices` });
  } else if (message.type === "quit") {
    process.exit(0);
  } // game_over, options and any message type this engine does not know: nothing to do
});
