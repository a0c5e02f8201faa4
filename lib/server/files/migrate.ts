// `npm run files -- migrate --to s3://bucket/prefix` (scripts/files.ts): copies every stored file
// of the local disk into another store under the same company and name, reads each back and
// compares its size and SHA-256 with the local file's, then removes the local copy (unless
// asked to keep it). A file the destination already holds with the same bytes is not copied
// again, so a re-run after an interruption finishes the job. Staging files are not moved.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { contentTypeFor, type FileStore, type StoredEntry } from './types';

export type MigrationSummary = { checked: number; copied: number; alreadyThere: number; failed: number; bytes: number; localRemoved: number; failures: string[] };

async function digest(body: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** The digest of a stored file, or null when the store has no such file. */
async function storedDigest(store: FileStore, entry: StoredEntry): Promise<{ sha256: string; size: number } | null> {
  const file = await store.read(entry.companyId, entry.storedName);
  return file && digest(file.body);
}

async function copy(from: FileStore, to: FileStore, entry: StoredEntry): Promise<void> {
  const source = await from.read(entry.companyId, entry.storedName);
  if (!source) throw new Error('the local file disappeared');
  const staged = await to.stage(entry.companyId, entry.storedName, contentTypeFor(entry.storedName));
  try {
    for await (const chunk of source.body) {
      const wait = staged.write(chunk as Buffer);
      if (wait) await wait;
    }
    await staged.keep();
  } catch (error) {
    source.body.destroy();
    await staged.discard();
    throw error;
  }
}

export async function migrateFiles(from: FileStore, to: FileStore, options: { keepLocal?: boolean; log?: (line: string) => void } = {}): Promise<MigrationSummary> {
  const log = options.log ?? (() => undefined);
  const summary: MigrationSummary = { checked: 0, copied: 0, alreadyThere: 0, failed: 0, bytes: 0, localRemoved: 0, failures: [] };
  for await (const entry of from.list()) {
    summary.checked++;
    const name = `${entry.companyId}/${entry.storedName}`;
    try {
      const local = await storedDigest(from, entry);
      if (!local) continue; // removed meanwhile (a knowledge base replaced its file)
      const before = await storedDigest(to, entry);
      const same = (d: { sha256: string; size: number } | null) => !!d && d.size === local.size && d.sha256 === local.sha256;
      if (same(before)) {
        summary.alreadyThere++;
        log(`${name}: already there (${local.size} bytes, sha256 matches)`);
      } else {
        await copy(from, to, entry);
        const after = await storedDigest(to, entry);
        if (!same(after)) throw new Error(`read back ${after ? `${after.size} bytes, sha256 ${after.sha256}` : 'nothing'}; expected ${local.size} bytes, sha256 ${local.sha256}`);
        summary.copied++;
        summary.bytes += local.size;
        log(`${name}: copied and verified (${local.size} bytes, sha256 ${local.sha256.slice(0, 16)}…)`);
      }
      if (!options.keepLocal) {
        await from.remove(entry.companyId, entry.storedName);
        summary.localRemoved++;
      }
    } catch (error) {
      summary.failed++;
      summary.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      log(`${name}: FAILED, the local file stays: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return summary;
}
