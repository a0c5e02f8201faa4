// A throwaway S3-protocol server (s3rver, in-process, objects in a temp folder) for the tests and
// benchmarks that run the file store against S3 (decision 043 says what it does not check).
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The environment that points the server (or the `files` command) at it, FILE_STORE aside. */
  env: Record<string, string>;
  /** Sets an object's LastModified (s3rver reads it from the file that holds the object). */
  age(key: string, modifiedAt: Date): void;
  stop(): Promise<void>;
};

/** s3rver accepts this one key pair (its built-in account). */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startS3rver(bucket = 'aoc-files'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'aoc-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { ...CREDENTIALS, AWS_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    age(key, modifiedAt) {
      const parts = key.split('/');
      utimesSync(path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`), modifiedAt, modifiedAt);
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
