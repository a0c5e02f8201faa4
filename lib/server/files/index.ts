// The file store of knowledge-base files (D13, decision 043): chosen once, here, from FILE_STORE
// (./location): the local disk by default, an S3-compatible store with `s3://bucket/prefix`.
// Everything else reaches the bytes through `fileStore()`; the S3 SDK loads only when chosen.
import { filesDir } from '../config';
import { localFileStore } from './local';
import { parseFileStoreUrl, type FileStoreLocation } from './location';
import type { FileStore } from './types';

export { contentTypeFor, newStoredName, type FileStore, type StagedFile } from './types';
export { describeLocation, parseFileStoreUrl, type FileStoreLocation } from './location';

/** The store at `location`, configured from `env` (S3: the SDK's AWS_* variables, S3_ENDPOINT, S3_FORCE_PATH_STYLE). */
export async function openFileStore(location: FileStoreLocation, env: NodeJS.ProcessEnv = process.env): Promise<FileStore> {
  if (location.kind === 'local') return localFileStore(filesDir());
  const { s3ClientFromEnv, s3FileStore } = await import('./s3');
  return s3FileStore(s3ClientFromEnv(env), location.bucket, location.prefix);
}

let chosen: Promise<FileStore> | undefined;

/** The process's file store, from FILE_STORE (a bad value fails here, with a message naming it). */
export function fileStore(): Promise<FileStore> {
  return (chosen ??= Promise.resolve().then(() => openFileStore(parseFileStoreUrl(process.env.FILE_STORE))));
}

/**
 * Removes a stored file after the database stopped pointing at it. A failure (the store out of
 * reach) does not fail the change that was committed: the file is an orphan the sweep removes
 * (./sweep), and the log says so.
 */
export async function removeStoredFile(companyId: string, storedName: string | null | undefined): Promise<void> {
  if (!storedName) return;
  try {
    await (await fileStore()).remove(companyId, storedName);
  } catch (error) {
    console.error(`[files] could not remove a stored file (the sweep will): ${error instanceof Error ? error.message : String(error)}`);
  }
}
