// The file store: uploaded bytes under filesDir(), one folder per company, each file under a name
// the service generates (a client's file name never becomes a path).
import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { filesDir } from './config';

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}(\.[a-z0-9]{1,10})?$/;

function companyDir(companyId: string): string {
  if (!SAFE_ID.test(companyId)) throw new Error('unsafe company id for the file store');
  return path.join(filesDir(), companyId);
}

/** The path of a stored file; `storedName` must be a name this module generated. */
export function storedFilePath(companyId: string, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error('not a stored file name');
  return path.join(companyDir(companyId), storedName);
}

/** A fresh stored name: a random id, plus the original name's extension when it is a plain one. */
export function newStoredName(originalName: string | null | undefined): string {
  const ext = path.extname(originalName ?? '').toLowerCase();
  return `${randomUUID()}${/^\.[a-z0-9]{1,10}$/.test(ext) ? ext : ''}`;
}

/** Removes a stored file; a missing file (or a name the store never made) is not an error. */
export async function removeStoredFile(companyId: string, storedName: string | null | undefined): Promise<void> {
  if (!storedName || !STORED_NAME.test(storedName)) return;
  // unlink, not rm: one file-system call (rm looks the path up first), and a missing file is fine.
  await unlink(storedFilePath(companyId, storedName)).catch(() => undefined);
}

/** Staging files are named `.upload-<uuid>` in the company's folder until `keep` renames them. */
const STAGING_PREFIX = '.upload-';

/**
 * How many bytes a staging file may hold in memory, not yet written, before `write` asks its
 * caller to wait. Big enough that the body keeps arriving while a write is under way (the
 * writes that queue up meanwhile go out in one `writev`), small enough to bound the memory of
 * many uploads at once.
 */
const STAGING_BUFFER_BYTES = 1024 * 1024;

/** An upload being written to a staging file in the company's folder; `keep` gives it its stored name. */
export type StagedFile = {
  readonly size: number;
  /**
   * Queues `chunk` for writing (the caller must not change it afterwards). Answers a promise when
   * the caller should wait before the next write (backpressure), else nothing; throws or rejects
   * when writing failed.
   */
  write(chunk: Uint8Array): Promise<void> | undefined;
  /** Waits for every byte to be written, then renames the file to `storedName` (while it closes). */
  keep(storedName: string): Promise<void>;
  discard(): Promise<void>;
};

/** Creates the company's folder if needed and opens a staging file there (the file opens while the first bytes queue). */
export async function stageFile(companyId: string): Promise<StagedFile> {
  const dir = companyDir(companyId);
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `${STAGING_PREFIX}${randomUUID()}`);
  const out = createWriteStream(tempPath, { flags: 'wx', highWaterMark: STAGING_BUFFER_BYTES });
  let failure: Error | null = null;
  out.on('error', (error) => {
    failure ??= error;
  });
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  /** Every byte written ('finish'), or the stream gone (after an error). */
  const settled = new Promise<void>((resolve) => {
    out.once('finish', () => resolve());
    out.once('close', () => resolve());
  });
  let size = 0;
  return {
    get size() {
      return size;
    },
    write(chunk) {
      if (failure) throw failure;
      size += chunk.byteLength;
      if (out.write(chunk)) return undefined;
      return new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          out.off('drain', done);
          out.off('error', done);
          out.off('close', gone);
          if (error) reject(error);
          else resolve();
        };
        const gone = () => done(failure ?? new Error('the staging file was closed'));
        out.on('drain', done);
        out.on('error', done);
        out.on('close', gone);
      });
    },
    async keep(storedName) {
      if (!failure) out.end();
      await settled;
      if (failure) throw failure;
      // Every byte is written: rename while the descriptor closes (renaming an open file is fine
      // on POSIX, and libuv opens files on Windows so that it is there too).
      await Promise.all([rename(tempPath, storedFilePath(companyId, storedName)), closed]);
      if (failure) throw failure;
    },
    async discard() {
      out.destroy();
      await closed;
      await unlink(tempPath).catch(() => undefined);
    },
  };
}

/**
 * Removes the staging files (`.upload-*`) that uploads interrupted by a crash left in the store
 * under `root`; answers how many. Called once at start, before the server takes requests: a
 * staging file belongs to a request of the running process, so every one found then is
 * garbage (one running server per file store).
 */
export async function removeStagingFiles(root: string = filesDir()): Promise<number> {
  let folders: Dirent[];
  try {
    folders = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(root, folder.name);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith(STAGING_PREFIX)) continue;
      await rm(path.join(dir, name), { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
