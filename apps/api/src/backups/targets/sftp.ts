import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { posix } from "node:path";
import SftpClient from "ssh2-sftp-client";
import { sha256Of } from "../records";
import type { BackupTarget, PutOptions, PutResult } from "./target";

/*
 * An SFTP folder (any OpenSSH server; decision 002's amendment of 2026-11-28 says why not rclone).
 * A file is written as `<key>.partial` and renamed when whole and checked, so an interrupted send
 * resumes by size: the bytes already there are kept and the rest appended. SFTP has no checksum
 * command an SFTP-only account can run, so what arrived is read back and hashed (SHA-256).
 */

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  /** The folder on the server (absolute, or relative to the account's home). */
  folder: string;
  privateKey: Buffer;
  /** The server's host key as `ssh-keygen -lf` prints it: SHA256:<base64>. */
  hostKeySha256: string;
}

/** OpenSSH's way of writing a key's fingerprint: SHA256: and unpadded base64. */
export function fingerprintOf(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

async function sha256OfRemote(sftp: SftpClient, path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of sftp.createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function sftpTarget(settings: SftpSettings): BackupTarget {
  let connection: Promise<SftpClient> | null = null;
  const connect = () => {
    connection ??= (async () => {
      // Its default listeners print to the console; a dropped connection shows as a failed call.
      const sftp = new SftpClient("atlas-backups", {
        error: () => undefined,
        end: () => undefined,
        close: () => undefined,
      });
      await sftp.connect({
        host: settings.host,
        port: settings.port,
        username: settings.username,
        privateKey: settings.privateKey,
        readyTimeout: 20_000,
        // Never send a backup to a server that is not the one configured.
        hostVerifier: (key: Buffer) => fingerprintOf(key) === settings.hostKeySha256,
      });
      return sftp;
    })().catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  const drop = async () => {
    const current = connection;
    connection = null;
    if (current) await (await current.catch(() => null))?.end().catch(() => undefined);
  };
  const remotePath = (key: string) => posix.join(settings.folder, key);

  async function sizeOf(sftp: SftpClient, path: string): Promise<number | null> {
    return (await sftp.exists(path)) === "-" ? (await sftp.stat(path)).size : null;
  }

  return {
    description: `sftp://${settings.username}@${settings.host}:${settings.port}/${settings.folder.replace(/^\//, "")}`,
    async putFile(path, key, options: PutOptions = {}): Promise<PutResult> {
      const { size } = await stat(path);
      const sha256 = options.sha256 ?? (await sha256Of(path));
      const sftp = await connect();
      const target = remotePath(key);
      const partial = `${target}.partial`;
      await sftp.mkdir(posix.dirname(target), true);
      let resumedFrom = (await sizeOf(sftp, partial)) ?? 0;
      if (resumedFrom > size) {
        await sftp.delete(partial);
        resumedFrom = 0;
      }
      if (resumedFrom < size) {
        const source = createReadStream(path, { start: resumedFrom });
        let sent = 0;
        source.on("data", (chunk) => {
          sent += chunk.length;
          options.onProgress?.(sent);
        });
        const stop = () => {
          source.destroy(new Error("The send was stopped."));
          void drop();
        };
        options.signal?.addEventListener("abort", stop, { once: true });
        try {
          options.signal?.throwIfAborted();
          await sftp.put(source, partial, {
            writeStreamOptions: { flags: resumedFrom > 0 ? "a" : "w", mode: 0o600 },
          });
        } catch (error) {
          await drop();
          throw error;
        } finally {
          options.signal?.removeEventListener("abort", stop);
        }
      }
      const arrived = await sizeOf(sftp, partial);
      if (arrived !== size) {
        await sftp.delete(partial, true);
        throw new Error(`${key} arrived with ${arrived} bytes instead of ${size}`);
      }
      if ((await sha256OfRemote(sftp, partial)) !== sha256) {
        await sftp.delete(partial, true);
        throw new Error(`${key} arrived with another checksum (SHA-256)`);
      }
      await sftp.posixRename(partial, target);
      return { resumedFrom, bytes: size };
    },
    async listFiles(prefix) {
      const sftp = await connect();
      const found = new Map<string, number>();
      const walk = async (relative: string): Promise<void> => {
        const path = remotePath(relative);
        if ((await sftp.exists(path)) !== "d") return;
        for (const entry of await sftp.list(path)) {
          const child = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.type === "d") await walk(child);
          else if (entry.type === "-" && !entry.name.endsWith(".partial"))
            found.set(child, entry.size);
        }
      };
      await walk(prefix.replace(/\/$/, ""));
      return found;
    },
    async remove(keys) {
      const sftp = await connect();
      for (const key of keys) await sftp.delete(remotePath(key), true);
    },
    close: drop,
  };
}
