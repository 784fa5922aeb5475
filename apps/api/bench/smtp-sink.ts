import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { SMTPServer } from "smtp-server";

/*
 * pnpm bench:digest's mail server, in a process of its own so that receiving the mails costs the
 * measured process nothing a real mail server elsewhere would not: it accepts every message, prints
 * "listening <port>" once, and how many messages it accepted whenever a line arrives on stdin.
 */

let accepted = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on("end", () => {
      accepted += 1;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.server.address() as AddressInfo).port}`);
});
createInterface({ input: process.stdin }).on("line", () => console.log(String(accepted)));
