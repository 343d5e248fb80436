// A client of `wr protocol` written in JavaScript: it creates a table of one human seat and two
// agents, plays the human seat with the first legal action of each decision until the game is
// over, and prints the final status as one line of JSON.
"use strict";
const { spawn } = require("child_process");
const readline = require("readline");

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
const replies = readline.createInterface({ input: server.stdout });
const waiting = [];
replies.on("line", (line) => waiting.shift()(JSON.parse(line)));

function send(message) {
  return new Promise((resolve) => {
    waiting.push(resolve);
    server.stdin.write(JSON.stringify(message) + "\n");
  });
}

async function main() {
  const created = await send({ type: "create", rules: ["base"], seats: ["human", "greedy", "random"], seed: 11 });
  const token = created.seats[0].token;
  let status = created;
  let decisions = 0;
  while (!status.over) {
    const legal = await send({ type: "legal", game: created.game, token });
    status = await send({ type: "act", game: created.game, token, action_id: legal.actions[0].action_id });
    if (status.type !== "accepted") throw new Error(JSON.stringify(status));
    decisions += 1;
  }
  const log = await send({ type: "log", game: created.game });
  server.stdin.end();
  console.log(JSON.stringify({ decisions, scores: status.scores, winners: status.winners, log: log.log }));
}

main().catch((error) => { console.error(String(error)); process.exit(1); });
