// Writing an upload's bytes into a Node stream with backpressure: the one write loop of both
// stores (the local store's file stream, the S3 store's pipe into lib-storage's Upload).
import type { Writable } from 'node:stream';
import type { StagedFile } from './types';

/**
 * How many bytes an upload may hold in memory, not yet written, before `write` asks its caller
 * to wait. Big enough that the body keeps arriving while a write is under way, small enough to
 * bound the memory of many uploads at once.
 */
export const UPLOAD_BUFFER_BYTES = 1024 * 1024;

export type StreamWriter = {
  readonly size: number;
  /** The first error of the stream (or set by `fail`), if any. */
  readonly failure: Error | null;
  fail(error: Error): void;
  write(chunk: Uint8Array): Promise<void> | undefined;
};

/** Writes into `out`, counting bytes; a failure of `out` makes the next write throw. */
export function streamWriter(out: Writable): StreamWriter {
  let failure: Error | null = null;
  let size = 0;
  out.on('error', (error) => {
    failure ??= error;
  });
  return {
    get size() {
      return size;
    },
    get failure() {
      return failure;
    },
    fail(error) {
      failure ??= error;
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
        const gone = () => done(failure ?? new Error('the upload stream was closed'));
        out.on('drain', done);
        out.on('error', done);
        out.on('close', gone);
      });
    },
  };
}

/** A StagedFile over `writer`: its size and writes, with the store's own `keep` and `discard`. */
export function stagedFile(storedName: string, writer: StreamWriter, ends: Pick<StagedFile, 'keep' | 'discard'>): StagedFile {
  return {
    storedName,
    get size() {
      return writer.size;
    },
    write: (chunk) => writer.write(chunk),
    keep: ends.keep,
    discard: ends.discard,
  };
}
