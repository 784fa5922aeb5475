/*
 * A place off the box that backups are sent to (BACKUP_TARGET): an S3-compatible bucket or an SFTP
 * folder. Keys are relative paths ("artifact-atlas-...db", "images/<hash>/640.webp").
 */

export interface PutOptions {
  /** The file's SHA-256, hex, when already known (the backup's record has it). */
  sha256?: string;
  /** Stops the send; what was sent stays for the next try to resume from. */
  signal?: AbortSignal;
  /** Told of each piece that arrived (bytes sent so far in this try). */
  onProgress?: (sentBytes: number) => void;
}

export interface PutResult {
  /** Bytes that were already there from an earlier, interrupted try. */
  resumedFrom: number;
  bytes: number;
}

export interface BackupTarget {
  /** The target in words, without secrets: s3://bucket/prefix, sftp://user@host:22/path. */
  readonly description: string;
  /**
   * Sends a file under `key`, resuming what an earlier try of the same file left, and checks what
   * arrived by size and checksum; throws when either differs.
   */
  putFile(localPath: string, key: string, options?: PutOptions): Promise<PutResult>;
  /** Every file under `prefix` ("" for all) with its size. */
  listFiles(prefix: string): Promise<Map<string, number>>;
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** An error's message for a record or a log line, with no credentials in it. */
export function sendErrorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\/\/[^/@\s]*@/g, "//").slice(0, 500);
}
