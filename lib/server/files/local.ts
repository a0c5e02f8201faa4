// The local-disk file store (the default): uploaded bytes under `root` (FILES_DIR, else
// DATA_DIR/files), one folder per company. An upload is written to a staging file
// (`.upload-<uuid>`) in the company's folder and renamed to its stored name once complete.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertCompanyId, assertStoredName, isStoredName, SAFE_COMPANY_ID, type FileStore, type StoredEntry } from './types';
import { stagedFile, streamWriter, UPLOAD_BUFFER_BYTES } from './writer';

/** Staging files are named `.upload-<uuid>` in the company's folder until `keep` renames them. */
const STAGING_PREFIX = '.upload-';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The company folders under `root` (none when it does not exist yet). */
async function companyFolders(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries.filter((e) => e.isDirectory() && SAFE_COMPANY_ID.test(e.name)).map((e) => e.name);
}

export function localFileStore(root: string): FileStore {
  const companyDir = (companyId: string) => {
    assertCompanyId(companyId);
    return path.join(root, companyId);
  };
  const filePath = (companyId: string, storedName: string) => {
    assertStoredName(storedName);
    return path.join(companyDir(companyId), storedName);
  };

  return {
    description: `local disk (${root})`,

    async stage(companyId, storedName) {
      const target = filePath(companyId, storedName);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const tempPath = path.join(dir, `${STAGING_PREFIX}${randomUUID()}`);
      // The file opens while the first bytes queue.
      const out = createWriteStream(tempPath, { flags: 'wx', highWaterMark: UPLOAD_BUFFER_BYTES });
      const writer = streamWriter(out);
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      /** Every byte written ('finish'), or the stream gone (after an error). */
      const settled = new Promise<void>((resolve) => {
        out.once('finish', () => resolve());
        out.once('close', () => resolve());
      });
      return stagedFile(storedName, writer, {
        async keep() {
          if (!writer.failure) out.end();
          await settled;
          if (writer.failure) throw writer.failure;
          // Every byte is written: rename while the descriptor closes (renaming an open file is
          // fine on POSIX, and libuv opens files on Windows so that it is there too).
          await Promise.all([rename(tempPath, target), closed]);
          if (writer.failure) throw writer.failure;
        },
        async discard() {
          out.destroy();
          await closed;
          await Promise.all([unlink(tempPath).catch(() => undefined), unlink(target).catch(() => undefined)]);
        },
      });
    },

    async read(companyId, storedName) {
      if (!isStoredName(storedName)) return null;
      // One descriptor for the size and the bytes: a file replaced meanwhile is read whole or not at all.
      const handle = await open(filePath(companyId, storedName), 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: createReadStream('', { fd: handle, autoClose: true }), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(companyId, storedName) {
      if (!isStoredName(storedName)) return;
      // unlink, not rm: one file-system call (rm looks the path up first), and a missing file is fine.
      await unlink(filePath(companyId, storedName)).catch(() => undefined);
    },

    async *list(): AsyncIterable<StoredEntry> {
      for (const companyId of await companyFolders(root)) {
        const dir = path.join(root, companyId);
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const storedName of names.filter(isStoredName).sort()) {
          const info = await stat(path.join(dir, storedName)).catch(() => null);
          if (info?.isFile()) yield { companyId, storedName, size: info.size, modifiedAt: info.mtime };
        }
      }
    },

    async removeUnfinished(before) {
      let removed = 0;
      for (const companyId of await companyFolders(root)) {
        const dir = path.join(root, companyId);
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names) {
          if (!name.startsWith(STAGING_PREFIX)) continue;
          const file = path.join(dir, name);
          const info = await stat(file).catch(() => null);
          if (!info?.isFile() || info.mtime >= before) continue;
          await unlink(file).catch(() => undefined);
          removed++;
        }
      }
      return removed;
    },
  };
}
