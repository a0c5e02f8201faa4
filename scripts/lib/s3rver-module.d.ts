// The little of s3rver (an S3-protocol server for tests, pinned in devDependencies) that
// scripts/lib/s3rver.ts uses: it ships no types.
declare module 's3rver' {
  type Options = { port?: number; address?: string; silent?: boolean; directory?: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
