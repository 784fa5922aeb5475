import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { connect } from "node:net";
import { freePort } from "./server-process";

/*
 * A real OpenSSH server from Debian (scripts/ensure-debian-packages.sh installs it), started by
 * the test on a free port on 127.0.0.1 as the user running the tests, with a host key and an
 * authorized client key made for it; nothing of the machine's own sshd is used or touched.
 */

export interface Sshd {
  port: number;
  username: string;
  /** A folder the client may write, for the backups. */
  folder: string;
  clientKeyPath: string;
  /** The host key's fingerprint, as ssh-keygen -lf prints it. */
  hostKeySha256: string;
  stop(): Promise<void>;
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        if (Date.now() > deadline) reject(new Error(`sshd did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startSshd(): Promise<Sshd> {
  const dir = mkdtempSync(join(tmpdir(), "atlas-sshd-"));
  chmodSync(dir, 0o700);
  const hostKey = join(dir, "host_ed25519");
  const clientKey = join(dir, "client_ed25519");
  for (const key of [hostKey, clientKey]) {
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]);
  }
  writeFileSync(join(dir, "authorized_keys"), readFileSync(`${clientKey}.pub`), { mode: 0o600 });
  const fingerprint = execFileSync("ssh-keygen", ["-lf", `${hostKey}.pub`], {
    encoding: "utf8",
  }).split(" ")[1] as string;
  const folder = join(dir, "remote");
  mkdirSync(folder, { mode: 0o700 });
  // sshd running as root wants its privilege separation folder.
  if (process.getuid?.() === 0) mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const port = await freePort();
  writeFileSync(
    join(dir, "sshd_config"),
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${join(dir, "authorized_keys")}`,
      `PidFile ${join(dir, "sshd.pid")}`,
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "PermitRootLogin prohibit-password",
      "UsePAM no",
      "StrictModes no",
      "Subsystem sftp internal-sftp",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    "/usr/sbin/sshd",
    ["-D", "-e", "-f", join(dir, "sshd_config")],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const errors: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  try {
    await waitForPort(port, 10_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}: ${errors.join("")}`);
  }
  return {
    port,
    username: userInfo().username,
    folder,
    clientKeyPath: clientKey,
    hostKeySha256: fingerprint,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
