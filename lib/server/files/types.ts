// The file store's contract (decision 043), shared by its two implementations (./local, ./s3):
// one folder (or key prefix) per company, each file under a name the service generates (a
// client's file name never becomes a path or a key).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const SAFE_COMPANY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}(\.[a-z0-9]{1,10})?$/;

/** Whether `name` is a name this module generates (anything else is never read, written or removed). */
export const isStoredName = (name: string | null | undefined): name is string => !!name && STORED_NAME.test(name);

export function assertCompanyId(companyId: string): void {
  if (!SAFE_COMPANY_ID.test(companyId)) throw new Error('unsafe company id for the file store');
}

export function assertStoredName(storedName: string): void {
  if (!isStoredName(storedName)) throw new Error('not a stored file name');
}

/** A fresh stored name: a random id, plus the original name's extension when it is a plain one. */
export function newStoredName(originalName: string | null | undefined): string {
  const ext = path.extname(originalName ?? '').toLowerCase();
  return `${randomUUID()}${/^\.[a-z0-9]{1,10}$/.test(ext) ? ext : ''}`;
}

/** An upload being written under its stored name; nothing is visible under that name until `keep`. */
export type StagedFile = {
  readonly storedName: string;
  readonly size: number;
  /**
   * Queues `chunk` for writing (the caller must not change it afterwards). Answers a promise when
   * the caller should wait before the next write (backpressure), else nothing; throws or rejects
   * when writing failed.
   */
  write(chunk: Uint8Array): Promise<void> | undefined;
  /** Waits for every byte to be stored; then the file is there under its stored name. */
  keep(): Promise<void>;
  /** Drops the upload, kept or not: afterwards nothing is stored under its name. */
  discard(): Promise<void>;
};

/** One stored file, as listed for the sweep and the migration. */
export type StoredEntry = { companyId: string; storedName: string; size: number; modifiedAt: Date };

export interface FileStore {
  /** Where the files are, for messages (never a credential). */
  readonly description: string;
  /** Starts storing a file of the company under `storedName` (from newStoredName). */
  stage(companyId: string, storedName: string, contentType: string): Promise<StagedFile>;
  /** The stored bytes as a stream and their size, or null when there is no such file. */
  read(companyId: string, storedName: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes a stored file; a missing file (or a name the store never made) is not an error. */
  remove(companyId: string, storedName: string | null | undefined): Promise<void>;
  /** Every stored file (not the leftovers of uploads under way), company by company. */
  list(): AsyncIterable<StoredEntry>;
  /** Removes what uploads cut short by a crash left behind, older than `before`; answers how many. */
  removeUnfinished(before: Date): Promise<number>;
}

/** Small table of the types a download is sent with, by the stored file's extension (anything else is a byte stream). */
const CONTENT_TYPES = new Map<string, string>([
  ['.pdf', 'application/pdf'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.md', 'text/markdown; charset=utf-8'],
  ['.csv', 'text/csv; charset=utf-8'],
  ['.json', 'application/json'],
  ['.jsonl', 'application/x-ndjson'],
  ['.xml', 'application/xml'],
  ['.doc', 'application/msword'],
  ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['.xls', 'application/vnd.ms-excel'],
  ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.zip', 'application/zip'],
]);

/** The Content-Type of a file named `name` (by its extension; never HTML or script: downloads are attachments). */
export function contentTypeFor(name: string | null | undefined): string {
  return CONTENT_TYPES.get(path.extname(name ?? '').toLowerCase()) ?? 'application/octet-stream';
}
