// The file store: uploaded bytes under filesDir(), one folder per company, each file under a name
// the service generates (a client's file name never becomes a path).
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
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
  await rm(storedFilePath(companyId, storedName), { force: true }).catch(() => undefined);
}

/** An upload being written to a staging file in the company's folder; `keep` gives it its stored name. */
export type StagedFile = {
  readonly size: number;
  write(chunk: Uint8Array): Promise<void>;
  keep(storedName: string): Promise<void>;
  discard(): Promise<void>;
};

export async function stageFile(companyId: string): Promise<StagedFile> {
  const dir = companyDir(companyId);
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `.upload-${randomUUID()}`);
  const handle: FileHandle = await open(tempPath, 'wx');
  let size = 0;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    get size() {
      return size;
    },
    async write(chunk) {
      size += chunk.byteLength;
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      }
    },
    async keep(storedName) {
      await close();
      await rename(tempPath, storedFilePath(companyId, storedName));
    },
    async discard() {
      await close().catch(() => undefined);
      await rm(tempPath, { force: true }).catch(() => undefined);
    },
  };
}
