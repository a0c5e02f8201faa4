// The local file store's staging files (lib/server/files/local.ts) and the streaming multipart reader
// (lib/server/knowledge-bases/upload.ts), against a temporary folder: no server, no database.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { localFileStore } from '@/lib/server/files/local';
import type { FileStore } from '@/lib/server/files';
import { receiveFile, uploadHeaders } from '@/lib/server/knowledge-bases/upload';

let root: string;
let store: FileStore;
const storedFilePath = (companyId: string, name: string) => path.join(root, companyId, name);
const HOUR = 3600_000;
const old = new Date(Date.now() - 2 * HOUR);

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'aoc-files-'));
  store = localFileStore(root);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('removeUnfinished', () => {
  it('removes the .upload-* files older than the bound, of every company folder, and nothing else', async () => {
    const store = mkdtempSync(path.join(os.tmpdir(), 'aoc-crash-'));
    try {
      mkdirSync(path.join(store, 'company-a'));
      mkdirSync(path.join(store, 'company-b'));
      writeFileSync(path.join(store, 'company-a', '.upload-1'), 'partial');
      writeFileSync(path.join(store, 'company-a', '.upload-2'), '');
      writeFileSync(path.join(store, 'company-a', 'kept.pdf'), 'stored');
      writeFileSync(path.join(store, 'company-b', '.upload-3'), 'partial');
      writeFileSync(path.join(store, 'company-b', 'upload-4.txt'), 'stored, not staging');
      writeFileSync(path.join(store, '.upload-at-the-top'), 'not in a company folder: left alone');
      for (const [folder, name] of [['company-a', '.upload-1'], ['company-a', '.upload-2'], ['company-a', 'kept.pdf'], ['company-b', '.upload-3'], ['company-b', 'upload-4.txt']]) {
        utimesSync(path.join(store, folder, name), old, old);
      }
      // An upload under way (fresh) stays.
      writeFileSync(path.join(store, 'company-b', '.upload-5'), 'under way');
      const crashed = localFileStore(store);
      expect(await crashed.removeUnfinished(new Date(Date.now() - HOUR))).toBe(3);
      expect(readdirSync(path.join(store, 'company-a'))).toEqual(['kept.pdf']);
      expect(readdirSync(path.join(store, 'company-b')).sort()).toEqual(['.upload-5', 'upload-4.txt']);
      expect(existsSync(path.join(store, '.upload-at-the-top'))).toBe(true);
      expect(await crashed.removeUnfinished(new Date(Date.now() - HOUR))).toBe(0);
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
  });

  it('is a no-op when the store does not exist yet', async () => {
    expect(await localFileStore(path.join(root, 'never-created')).removeUnfinished(new Date())).toBe(0);
  });
});

describe('stage', () => {
  it('writes with backpressure, then keep renames the staging file to its stored name', async () => {
    const staged = await store.stage('company-s', '0b0e5a57-0000-4000-8000-000000000001.bin', 'application/octet-stream');
    const chunk = Buffer.alloc(256 * 1024, 7);
    let waits = 0;
    for (let i = 0; i < 24; i++) {
      const wait = staged.write(Buffer.from(chunk));
      if (wait) {
        waits++;
        await wait;
      }
    }
    // 6 MiB through a 1 MiB buffer: the writer was asked to wait.
    expect(waits).toBeGreaterThan(0);
    expect(staged.size).toBe(24 * chunk.length);
    expect(readdirSync(path.join(root, 'company-s'))).toEqual([expect.stringMatching(/^\.upload-/)]);
    await staged.keep();
    expect(readdirSync(path.join(root, 'company-s'))).toEqual(['0b0e5a57-0000-4000-8000-000000000001.bin']);
    expect(readFileSync(storedFilePath('company-s', '0b0e5a57-0000-4000-8000-000000000001.bin')).length).toBe(24 * chunk.length);
  });

  it('discard removes the staging file', async () => {
    const staged = await store.stage('company-d', '0b0e5a57-0000-4000-8000-000000000002.bin', 'application/octet-stream');
    await staged.write(Buffer.alloc(1000, 1));
    await staged.discard();
    expect(readdirSync(path.join(root, 'company-d'))).toEqual([]);
  });
});

const BOUNDARY = 'XyZ-boundary';

/** A multipart body: a text field, the file part `file`, another field. */
function multipartBody(file: Buffer, filename = 'data.bin'): Buffer {
  return Buffer.concat([
    Buffer.from(`preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="after"\r\n\r\nbye\r\n--${BOUNDARY}--\r\nepilogue`),
  ]);
}

/** A request whose body arrives in chunks of `size` bytes. */
function requestOf(body: Buffer, size: number, headers: Record<string, string> = {}): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + size)));
      offset += size;
    },
  });
  return new Request('http://localhost/api/knowledge-bases/x/file', {
    method: 'PUT',
    body: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    duplex: 'half',
  } as RequestInit);
}

async function received(req: Request, limit = 1024 * 1024): Promise<{ bytes: Buffer; filename: string | null }> {
  const { boundary } = uploadHeaders(req, limit);
  const name = `0b0e5a57-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  const { staged, filename } = await receiveFile(req, boundary, () => store.stage('company-m', name, 'application/octet-stream'), 'file', limit);
  await staged.keep();
  return { bytes: readFileSync(storedFilePath('company-m', name)), filename };
}

describe('receiveFile', () => {
  // File bytes full of near-delimiters: CRs, CRLFs, "\r\n--" and the boundary cut short.
  const tricky = Buffer.concat([
    Buffer.from(`\r\r\n\r\n-\r\n--\r\n--XyZ\r\n--XyZ-boundar\r`),
    Buffer.alloc(3000, 0x0d),
    Buffer.from(`--${BOUNDARY}\r\n--XyZ-boundarY\r`),
    Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)),
    Buffer.from(`\r\n--XyZ-bound`),
  ]);

  it('finds the file whatever the chunk sizes, with delimiters cut anywhere', async () => {
    const body = multipartBody(tricky);
    for (const size of [1, 2, 3, 5, 13, 14, 15, 16, 17, 64, 1000, 4096, body.length]) {
      const { bytes, filename } = await received(requestOf(body, size));
      expect(filename, `chunks of ${size}`).toBe('data.bin');
      expect(bytes.equals(tricky), `chunks of ${size}`).toBe(true);
    }
  });

  it('answers 400 for a missing field or a body without its closing delimiter, 413 beyond the limit', async () => {
    const noFile = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    await expect(received(requestOf(noFile, 7))).rejects.toMatchObject({ status: 400, errors: [{ path: 'file' }] });
    const unfinished = multipartBody(tricky).subarray(0, 4000);
    await expect(received(requestOf(unfinished, 100))).rejects.toMatchObject({ status: 400 });
    await expect(received(requestOf(multipartBody(Buffer.alloc(2048)), 500), 2047)).rejects.toMatchObject({ status: 413 });
    await expect(received(requestOf(multipartBody(Buffer.alloc(2048)), 500), 2048)).resolves.toMatchObject({ filename: 'data.bin' });
    // Endless padding after a delimiter is refused rather than held in memory.
    const padded = Buffer.concat([Buffer.from(`--${BOUNDARY}`), Buffer.alloc(10_000, 0x20)]);
    await expect(received(requestOf(padded, 100))).rejects.toBeInstanceOf(ApiError);
    // Nothing is left behind in the store by the refused uploads.
    expect(readdirSync(path.join(root, 'company-m')).filter((n) => n.startsWith('.upload-'))).toEqual([]);
  });

  it('the headers alone decide 415 and a declared 413', () => {
    const req = (headers: Record<string, string>) => requestOf(Buffer.from('x'), 1, headers);
    expect(() => uploadHeaders(req({ 'content-type': 'application/json' }), 100)).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => uploadHeaders(req({ 'content-type': 'multipart/form-data' }), 100)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => uploadHeaders(req({ 'content-length': String(200 * 1024) }), 100)).toThrow(expect.objectContaining({ status: 413 }));
    expect(uploadHeaders(req({ 'content-length': '300' }), 100)).toEqual({ boundary: BOUNDARY });
  });

  it('does not wait for a turn of a busy event loop per chunk: writes queue behind the reading', async () => {
    // Every turn of the event loop carries 1 ms of other work, as on a busy server. The old
    // reader awaited each chunk's write, so 160 chunks took at least 160 turns.
    const file = Buffer.alloc(10 * 1024 * 1024, 0x41);
    const chunks = Math.ceil(multipartBody(file).length / (64 * 1024));
    let turns = 0;
    let busy = true;
    const otherWork = () => {
      turns++;
      const end = performance.now() + 1;
      while (performance.now() < end);
      if (busy) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    try {
      const { bytes } = await received(requestOf(multipartBody(file), 64 * 1024), 20 * 1024 * 1024);
      expect(bytes.equals(file)).toBe(true);
    } finally {
      busy = false;
    }
    expect(chunks).toBeGreaterThan(160);
    // The old reader needed at least one turn per chunk; on a loaded machine the disk writes of the
    // new one can take several turns between them, so the bound is the old reader's floor.
    expect(turns).toBeLessThan(chunks);
  });
});
