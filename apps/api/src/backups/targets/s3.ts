import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { PRIVATE_FILE_MODE } from "../../db/client";
import { sha256Of } from "../records";
import type { BackupTarget, PutOptions, PutResult } from "./target";

/*
 * An S3-compatible bucket through AWS's SDK. A file larger than one part goes up as a multipart
 * upload whose finished parts are written down locally (`.s3-upload-*.json` in the backups
 * folder), so an interrupted send resumes with the next part. Each part carries its MD5, which
 * the server checks; the object's size and ETag (the MD5 of the whole, or S3's MD5 of the parts'
 * MD5s) are checked after. The SDK's own CRC checksums are asked for only where S3 requires them:
 * not every S3-compatible server takes them.
 */

export interface S3Settings {
  bucket: string;
  /** Key prefix, without a leading or trailing slash ("" for none). */
  prefix: string;
  region: string;
  /** Another S3-compatible service (MinIO, Garage, a provider's); AWS when not given. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** 8 MiB: S3 takes 5 MiB to 5 GiB a part and at most 10,000 parts (80 GB here). */
export const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

interface UploadState {
  key: string;
  bytes: number;
  sha256: string;
  uploadId: string;
  partBytes: number;
  parts: { PartNumber: number; ETag: string; md5: string }[];
}

const md5 = (data: Buffer) => createHash("md5").update(data);
const unquoted = (etag: string | undefined) => (etag ?? "").replace(/"/g, "");

export function s3Target(
  settings: S3Settings,
  stateFolder: string,
  partBytes = DEFAULT_PART_BYTES,
): BackupTarget {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const { bucket } = settings;
  const fullKey = (key: string) => (settings.prefix ? `${settings.prefix}/${key}` : key);
  const stateFile = (key: string) =>
    join(stateFolder, `.s3-upload-${createHash("sha1").update(key).digest("hex")}.json`);

  function readState(key: string, bytes: number, sha256: string): UploadState | null {
    const file = stateFile(key);
    if (!existsSync(file)) return null;
    try {
      const state = JSON.parse(readFileSync(file, "utf8")) as UploadState;
      if (state.key === key && state.bytes === bytes && state.sha256 === sha256) return state;
    } catch {
      // Unreadable: start again.
    }
    rmSync(file, { force: true });
    return null;
  }

  function saveState(state: UploadState): void {
    const file = stateFile(state.key);
    writeFileSync(`${file}.partial`, JSON.stringify(state), { mode: PRIVATE_FILE_MODE });
    renameSync(`${file}.partial`, file);
  }

  async function check(key: string, bytes: number, etags: string[]): Promise<void> {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fullKey(key) }));
    if (head.ContentLength !== bytes) {
      throw new Error(`${key} arrived with ${head.ContentLength} bytes instead of ${bytes}`);
    }
    if (!etags.includes(unquoted(head.ETag))) {
      throw new Error(`${key} arrived with another checksum (ETag ${unquoted(head.ETag)})`);
    }
  }

  async function putSmall(path: string, key: string, options: PutOptions): Promise<PutResult> {
    const body = await readFile(path);
    const digest = md5(body);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: fullKey(key),
        Body: body,
        ContentMD5: digest.copy().digest("base64"),
      }),
      { abortSignal: options.signal },
    );
    options.onProgress?.(body.length);
    await check(key, body.length, [digest.digest("hex")]);
    return { resumedFrom: 0, bytes: body.length };
  }

  async function putLarge(
    path: string,
    key: string,
    bytes: number,
    options: PutOptions,
  ): Promise<PutResult> {
    const sha256 = options.sha256 ?? (await sha256Of(path));
    let state = readState(key, bytes, sha256);
    if (!state) {
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: fullKey(key) }),
        { abortSignal: options.signal },
      );
      state = { key, bytes, sha256, uploadId: created.UploadId ?? "", partBytes, parts: [] };
      saveState(state);
    }
    const resumedFrom = Math.min(bytes, state.parts.length * state.partBytes);
    const whole = createHash("md5");
    const file = await open(path, "r");
    try {
      const buffer = Buffer.alloc(state.partBytes);
      for (let offset = 0, number = 1; offset < bytes; offset += state.partBytes, number += 1) {
        const { bytesRead } = await file.read(buffer, 0, state.partBytes, offset);
        const piece = buffer.subarray(0, bytesRead);
        whole.update(piece);
        if (number <= state.parts.length) continue;
        const digest = md5(piece);
        const answer = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: fullKey(key),
            UploadId: state.uploadId,
            PartNumber: number,
            Body: piece,
            ContentMD5: digest.copy().digest("base64"),
          }),
          { abortSignal: options.signal },
        );
        state.parts.push({
          PartNumber: number,
          ETag: answer.ETag ?? "",
          md5: digest.digest("hex"),
        });
        saveState(state);
        options.onProgress?.(offset + bytesRead - resumedFrom);
      }
    } finally {
      await file.close();
    }
    try {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: fullKey(key),
          UploadId: state.uploadId,
          MultipartUpload: {
            Parts: state.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
          },
        }),
        { abortSignal: options.signal },
      );
    } catch (error) {
      // The upload expired or was aborted on the server: the next try starts again.
      if ((error as { name?: string }).name === "NoSuchUpload")
        rmSync(stateFile(key), { force: true });
      throw error;
    }
    rmSync(stateFile(key), { force: true });
    const ofParts = createHash("md5");
    for (const part of state.parts) ofParts.update(Buffer.from(part.md5, "hex"));
    await check(key, bytes, [
      whole.digest("hex"),
      `${ofParts.digest("hex")}-${state.parts.length}`,
    ]);
    return { resumedFrom, bytes };
  }

  return {
    description: `s3://${bucket}${settings.prefix ? `/${settings.prefix}` : ""}`,
    async putFile(path, key, options = {}) {
      const { size } = await stat(path);
      return size <= partBytes ? putSmall(path, key, options) : putLarge(path, key, size, options);
    },
    async listFiles(prefix) {
      const found = new Map<string, number>();
      const start = settings.prefix ? `${settings.prefix}/` : "";
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${start}${prefix}`,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) found.set(item.Key.slice(start.length), item.Size ?? 0);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: fullKey(key) })) },
          }),
        );
      }
    },
    async close() {
      client.destroy();
    },
  };
}
