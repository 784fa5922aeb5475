import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTarget } from "../src/backups/service";
import { s3Target } from "../src/backups/targets/s3";
import type { BackupTarget } from "../src/backups/targets/target";
import { createTestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { captureLogs } from "./support/logs";
import { startSshd, type Sshd } from "./support/sshd";
import { createUserWithSession } from "./support/users";

/*
 * BACKUP_TARGET with real servers (issue 35): s3rver, an S3-compatible server in Node, and
 * Debian's OpenSSH server, both started here. A backup arrives whole and checked with its images;
 * an interrupted send resumes where it stopped; a failed send is shown, logged and tried again.
 */

let dir: string;
let s3dir: string;
let s3: S3rver;
let s3port: number;
let sshd: Sshd;

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function startS3(port = 0): Promise<number> {
  s3 = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: "atlas", configs: [] }],
  });
  return (await s3.run()).port;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-targets-"));
  s3dir = mkdtempSync(join(tmpdir(), "atlas-s3rver-"));
  s3port = await startS3();
  sshd = await startSshd();
});

afterAll(async () => {
  await s3.close().catch(() => undefined);
  await sshd?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(s3dir, { recursive: true, force: true });
});

const S3_ENV = () => ({
  BACKUP_TARGET: "s3://atlas/site-a",
  BACKUP_S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
});

function s3Client() {
  return new S3Client({
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${s3port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

async function objectBytes(key: string): Promise<Buffer> {
  const client = s3Client();
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: "atlas", Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

/** An app with one uploaded image on an artifact. */
async function appWithImage(env: NodeJS.ProcessEnv, target?: BackupTarget, now?: () => number) {
  const logs = captureLogs();
  const t = await createTestApp(
    { ...env, LOG_LEVEL: "info", BACKUP_SCHEDULE: "off" },
    {
      logStream: logs.stream,
      ...(now ? { now } : {}),
      ...(target ? { backupTarget: target } : {}),
    },
  );
  const alice = await createUserWithSession(t);
  const upload = await uploadImage(t.app, await jpeg(500, 300), { cookie: alice.cookie });
  const image = upload.json() as UploadAnswer;
  await addArtifact(t, alice, { artifactImage: image.url });
  return { t, logs, hash: image.url.split("/").pop() as string };
}

/** A file of `bytes` random bytes. */
function randomFile(name: string, bytes: number): string {
  const path = join(dir, name);
  writeFileSync(path, randomBytes(bytes));
  return path;
}

describe("an S3-compatible bucket", () => {
  it("gets each backup whole and checked, with its images, and keeps what the rotation keeps", async () => {
    const { t, hash } = await appWithImage(S3_ENV());
    try {
      const first = await t.app.deps.backups.backUp("manual");
      await t.app.deps.backups.sendWaiting();
      expect(t.app.deps.backups.list()[0]?.send).toMatchObject({
        target: "s3://atlas/site-a",
        state: "sent",
        attempts: 1,
      });
      const local = readFileSync(join(t.app.deps.backups.folder, `${first.name}.db`));
      expect(sha256(await objectBytes(`site-a/${first.name}.db`))).toBe(sha256(local));
      const image = await objectBytes(`site-a/images/${hash}/320.webp`);
      expect(image).toEqual(readFileSync(join(t.env.imagesDir, hash, "320.webp")));

      // A later backup the same day replaces it under "7 daily": here and in the bucket.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const second = await t.app.deps.backups.backUp("manual");
      await t.app.deps.backups.sendWaiting();
      expect(t.app.deps.backups.list().map((backup) => backup.name)).toEqual([second.name]);
      const client = s3Client();
      try {
        const listed = await client.send(
          new ListObjectsV2Command({ Bucket: "atlas", Prefix: "site-a/" }),
        );
        const keys = (listed.Contents ?? []).map((item) => item.Key);
        expect(keys.filter((key) => key?.endsWith(".db"))).toEqual([`site-a/${second.name}.db`]);
        expect(keys).toContain(`site-a/images/${hash}/320.webp`);
      } finally {
        client.destroy();
      }
    } finally {
      await t.close();
    }
  });

  it("resumes an interrupted multipart upload with the next part", async () => {
    const file = randomFile("large.db", 640 * 1024);
    const partBytes = 64 * 1024;
    const target = s3Target(
      {
        bucket: "atlas",
        prefix: "resume",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${s3port}`,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      },
      dir,
      partBytes,
    );
    try {
      const stop = new AbortController();
      await expect(
        target.putFile(file, "large.db", {
          signal: stop.signal,
          // The connection is cut once three parts have arrived.
          onProgress: (sent) => {
            if (sent >= 3 * partBytes) stop.abort();
          },
        }),
      ).rejects.toThrow();
      const sentAgain: number[] = [];
      const resumed = await target.putFile(file, "large.db", {
        onProgress: (sent) => sentAgain.push(sent),
      });
      expect(resumed).toEqual({ resumedFrom: 3 * partBytes, bytes: 640 * 1024 });
      // Only the seven parts that had not arrived were sent again.
      expect(sentAgain).toHaveLength(7);
      expect(sha256(await objectBytes("resume/large.db"))).toBe(sha256(readFileSync(file)));
    } finally {
      await target.close();
    }
  });

  it("shows a failed send, logs it, and sends it on a later round", async () => {
    let clock = Date.now();
    const { t, logs } = await appWithImage(S3_ENV(), undefined, () => clock);
    try {
      await s3.close();
      const record = await t.app.deps.backups.backUp("manual");
      await t.app.deps.backups.sendWaiting();
      const failed = t.app.deps.backups.list().find((backup) => backup.name === record.name);
      expect(failed?.send).toMatchObject({
        state: "failed",
        attempts: 1,
        nextTryAt: clock + 60_000,
      });
      expect(failed?.send?.lastError).toMatch(/ECONNREFUSED|connect/);
      expect(
        logs
          .entries()
          .find((line) => line.msg === "sending a backup failed; it will be tried again"),
      ).toMatchObject({ level: 40, backup: record.name, attempts: 1 });

      // Back up: nothing is sent before its retry time, then it goes on the next round.
      await startS3(s3port);
      await t.app.deps.backups.tick();
      expect(t.app.deps.backups.list()[0]?.send?.state).toBe("failed");
      clock += 61_000;
      await t.app.deps.backups.tick();
      expect(t.app.deps.backups.list()[0]?.send).toMatchObject({ state: "sent", attempts: 2 });
    } finally {
      await t.close();
    }
  });
});

describe("an SFTP folder on a real OpenSSH server", () => {
  const sftpEnv = () => ({
    BACKUP_TARGET: `sftp://${sshd.username}@127.0.0.1:${sshd.port}/${sshd.folder}`.replace(
      `:${sshd.port}/`,
      `:${sshd.port}//`,
    ),
    BACKUP_SFTP_KEY: sshd.clientKeyPath,
    BACKUP_SFTP_HOST_KEY: sshd.hostKeySha256,
  });

  it("gets each backup whole, checked, with its images", async () => {
    const { t, hash } = await appWithImage(sftpEnv());
    try {
      const record = await t.app.deps.backups.backUp("manual");
      await t.app.deps.backups.sendWaiting();
      expect(t.app.deps.backups.list()[0]?.send).toMatchObject({ state: "sent", attempts: 1 });
      const local = readFileSync(join(t.app.deps.backups.folder, `${record.name}.db`));
      expect(sha256(readFileSync(join(sshd.folder, `${record.name}.db`)))).toBe(sha256(local));
      expect(readFileSync(join(sshd.folder, "images", hash, "320.jpg"))).toEqual(
        readFileSync(join(t.env.imagesDir, hash, "320.jpg")),
      );
    } finally {
      await t.close();
    }
  });

  it("refuses a server whose host key is not the one configured", async () => {
    const { t } = await appWithImage({
      ...sftpEnv(),
      BACKUP_SFTP_HOST_KEY: `SHA256:${"A".repeat(43)}`,
    });
    try {
      await t.app.deps.backups.backUp("manual");
      await t.app.deps.backups.sendWaiting();
      expect(t.app.deps.backups.list()[0]?.send).toMatchObject({ state: "failed", attempts: 1 });
    } finally {
      await t.close();
    }
  });

  it("resumes an interrupted send by size", async () => {
    const { t } = await appWithImage(sftpEnv());
    const file = randomFile("sftp-large.db", 3 * 1024 * 1024);
    try {
      expect(t.app.deps.backups.targetDescription).toMatch(/^sftp:\/\//);
      // The same client the app made from BACKUP_TARGET, on its own, to cut it mid-file.
      const sftp = createTarget(t.env.backups.target!, dir);
      try {
        const stop = new AbortController();
        await expect(
          sftp.putFile(file, "sftp-large.db", {
            signal: stop.signal,
            onProgress: (sent) => {
              if (sent >= 1024 * 1024) stop.abort();
            },
          }),
        ).rejects.toThrow();
        const resumed = await sftp.putFile(file, "sftp-large.db");
        expect(resumed.resumedFrom).toBeGreaterThan(0);
        expect(resumed.resumedFrom).toBeLessThan(3 * 1024 * 1024);
        expect(sha256(readFileSync(join(sshd.folder, "sftp-large.db")))).toBe(
          sha256(readFileSync(file)),
        );
      } finally {
        await sftp.close();
      }
    } finally {
      await t.close();
    }
  });
});
