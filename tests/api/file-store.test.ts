// The file store (D13, decision 043) over HTTP against the real server, on whichever store the run
// uses (local disk, or s3rver with TEST_FILE_STORE=s3): download, an upload cut off mid-body, the
// orphan sweep; and `npm run files -- migrate` from a local folder into an s3rver of its own.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3Server } from '../../scripts/lib/s3rver';
import { fileStore, openFileStore, parseFileStoreUrl, type FileStore } from '@/lib/server/files';
import { localFileStore } from '@/lib/server/files/local';
import { sweepFileStore } from '@/lib/server/files/sweep';
import { createKnowledgeBase } from './factories';
import { baseUrl, call, expectError, newCompany, type TestCompany } from './helpers';
import { storedExists, storedNames, usesS3 } from './stored-files';

const MiB = 1024 * 1024;
let acme: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
});

const fileBase = async (company: TestCompany, filename: string): Promise<string> => {
  const res = await call('/knowledge-bases', {
    method: 'POST',
    token: company.token,
    body: { knowledgeBase: { name: 'Files', description: 'files', enabled: true, sectors: [], content: '', type: 'file', multimodal: false, tags: [] }, filename },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
};

async function upload(company: TestCompany, id: string, bytes: Uint8Array<ArrayBuffer>, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const res = await fetch(`${baseUrl()}/api/knowledge-bases/${id}/file`, { method: 'PUT', headers: { authorization: company.token }, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).data as { content: string; filename: string; fileSize: number };
}

const download = (company: TestCompany | null, id: string) =>
  fetch(`${baseUrl()}/api/knowledge-bases/${id}/file`, { headers: company ? { authorization: company.token } : {} });

describe('GET /knowledge-bases/{id}/file', () => {
  it('streams the stored bytes back with their type, length and the name they were uploaded under (RFC 5987)', async () => {
    const id = await fileBase(acme, 'announced.pdf');
    // Over 5 MiB: a multipart upload on S3 (two parts), a single PUT below.
    for (const size of [300 * 1024 + 3, 6 * MiB + 1]) {
      const bytes = new Uint8Array(randomBytes(size));
      const record = await upload(acme, id, bytes, 'Prüfbericht Q3 (€).pdf');
      expect(record).toMatchObject({ filename: 'Prüfbericht Q3 (€).pdf', fileSize: size });
      const res = await download(acme, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Pr_fbericht Q3 (_).pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20Q3%20%28%E2%82%AC%29.pdf`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('a plain name is quoted as is; the type follows the extension, an unknown one is a byte stream', async () => {
    const id = await fileBase(acme, 'notes.weird');
    await upload(acme, id, new TextEncoder().encode('plain'), 'notes.weird');
    const res = await download(acme, id);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="notes.weird"');
    expect(await res.text()).toBe('plain');
    const text = await fileBase(acme, 'readme.txt');
    await upload(acme, text, new TextEncoder().encode('read me'), 'README.TXT');
    const named = await download(acme, text);
    expect(named.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="README.TXT"');
    expect(await named.text()).toBe('read me');
  });

  it("answers 404 (envelope) for a base without a file, a text base, an unknown id and another company's base; 401 without a credential", async () => {
    const empty = await fileBase(acme, 'later.pdf');
    const text = await createKnowledgeBase(acme);
    const foreign = await fileBase(other, 'theirs.txt');
    await upload(other, foreign, new TextEncoder().encode('secret'), 'theirs.txt');
    for (const id of [empty, text, 'no-such-base', foreign]) expectError(await call(`/knowledge-bases/${id}/file`, { token: acme.token }), 404);
    expectError(await call(`/knowledge-bases/${foreign}/file`), 401);
    // The owner still reads it.
    expect(await (await download(other, foreign)).text()).toBe('secret');
  });
});

describe('uploads that do not finish', () => {
  it('an upload cut off mid-body (after 6 MiB of 12) leaves no stored file, and the base unchanged', async () => {
    const company = await newCompany();
    const id = await fileBase(company, 'cut.bin');
    const kept = await upload(company, id, new TextEncoder().encode('the file before'), 'before.txt');
    const boundary = 'cut-off-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n`);
    await new Promise<void>((resolve) => {
      const req = http.request(`${baseUrl()}/api/knowledge-bases/${id}/file`, {
        method: 'PUT',
        headers: { authorization: company.token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 12 * MiB + 64) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      // Every byte written to the socket, then the connection breaks.
      req.write(Buffer.alloc(6 * MiB, 0x63), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the break and drops the upload: no file but the one the base points at.
    let names: string[] = [];
    for (let i = 0; i < 50; i++) {
      names = await storedNames(company.id);
      if (names.length === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(names).toEqual([kept.content]);
    const after = await call(`/knowledge-bases/${id}`, { token: company.token });
    expect(after.body.data).toMatchObject({ content: kept.content, filename: 'before.txt', fileSize: 15 });
    expect(await (await download(company, id)).text()).toBe('the file before');
    // Still nothing else a while later (a wrongly completed upload would have appeared by now).
    await new Promise((r) => setTimeout(r, 1000));
    expect(await storedNames(company.id)).toEqual([kept.content]);
  });
});

describe('the sweep', () => {
  let store: FileStore;
  let folder: string | undefined;

  beforeAll(async () => {
    // A store of its own (another key prefix or folder): the sweep never touches other tests' files.
    if (usesS3()) {
      const { bucket } = parseFileStoreUrl(process.env.FILE_STORE) as { bucket: string };
      store = await openFileStore(parseFileStoreUrl(`s3://${bucket}/sweep-${Date.now()}`));
    } else {
      folder = mkdtempSync(path.join(os.tmpdir(), 'aoc-sweep-'));
      store = localFileStore(folder);
    }
  });

  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const put = async (companyId: string, storedName: string, text: string) => {
    const staged = await store.stage(companyId, storedName, 'text/plain');
    await staged.write(Buffer.from(text));
    await staged.keep();
  };

  it('removes the files no knowledge base points at once older than the bound, and keeps the others', async () => {
    const company = await newCompany();
    const id = await fileBase(company, 'kept.txt');
    const { content } = await upload(company, id, new TextEncoder().encode('kept'), 'kept.txt');
    // The same names in the sweep's own store: one the base points at, one orphan (its base was
    // replaced, the crash came before the removal), one of a company that no longer exists.
    await put(company.id, content, 'kept');
    await put(company.id, '0b0e5a57-0000-4000-8000-00000000000a.txt', 'orphan');
    await put('gone-company', '0b0e5a57-0000-4000-8000-00000000000b.txt', 'orphan');
    const list = async () => {
      const names: string[] = [];
      for await (const e of store.list()) names.push(`${e.companyId}/${e.storedName}`);
      return names.sort();
    };
    // Fresh files are left alone: they may belong to an upload under way.
    expect(await sweepFileStore(store)).toMatchObject({ orphans: 0 });
    expect(await list()).toHaveLength(3);
    // An hour on, the orphans go.
    const result = await sweepFileStore(store, { now: new Date(Date.now() + 2 * 3600_000) });
    expect(result).toMatchObject({ orphans: 2, kept: 1 });
    expect(await list()).toEqual([`${company.id}/${content}`]);
    // The base's own file (in the server's store) is untouched, and still downloads.
    expect(await storedExists(company.id, content)).toBe(true);
    expect(await (await download(company, id)).text()).toBe('kept');
  });

  it('replacing or deleting a base removes its stored file from the server\'s store at once', async () => {
    const company = await newCompany();
    const id = await fileBase(company, 'a.txt');
    const first = await upload(company, id, new TextEncoder().encode('one'), 'a.txt');
    const second = await upload(company, id, new TextEncoder().encode('two'), 'a.txt');
    expect(await storedNames(company.id)).toEqual([second.content]);
    expect(await storedExists(company.id, first.content)).toBe(false);
    expect((await call(`/knowledge-bases/${id}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    expect(await storedNames(company.id)).toEqual([]);
    // The process's store is the one FILE_STORE names.
    expect((await fileStore()).description).toMatch(usesS3() ? /^s3:\/\// : /^local disk/);
  });
});

describe('npm run files -- migrate', () => {
  let s3: S3Server;
  let local: string;

  beforeAll(async () => {
    s3 = await startS3rver('aoc-migrate');
    local = mkdtempSync(path.join(os.tmpdir(), 'aoc-migrate-'));
  });

  afterAll(async () => {
    await s3?.stop();
    rmSync(local, { recursive: true, force: true });
  });

  const localFiles: [string, string, Buffer][] = [
    ['company-1', '0b0e5a57-0000-4000-8000-000000000001.pdf', randomBytes(6 * MiB + 5)],
    ['company-1', '0b0e5a57-0000-4000-8000-000000000002.txt', Buffer.from('small')],
    ['company-2', '0b0e5a57-0000-4000-8000-000000000003', Buffer.alloc(0)],
  ];

  /** Runs the command (asynchronously: s3rver answers from this very process). */
  const runFiles = (args: string[], env: Record<string, string>) =>
    new Promise<{ status: number | null; out: string; err: string }>((resolve) => {
      const child = execFile(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/files.ts', ...args], { env: { ...process.env, ...env } }, (_error, out, err) =>
        resolve({ status: child.exitCode, out, err }),
      );
    });
  const migrate = (...flags: string[]) => runFiles(['migrate', '--to', 's3://aoc-migrate/moved', ...flags], { ...s3.env, FILES_DIR: local, FILE_STORE: '' });

  it('copies every local file, verifies it, removes the local copy; a re-run changes nothing', async () => {
    for (const [company, name, bytes] of localFiles) {
      mkdirSync(path.join(local, company), { recursive: true });
      writeFileSync(path.join(local, company, name), bytes);
    }
    // A staging file of a cut upload is not a file to move.
    writeFileSync(path.join(local, 'company-1', '.upload-1'), 'half');
    const target = await openFileStore(parseFileStoreUrl('s3://aoc-migrate/moved'), { ...process.env, ...s3.env });

    // --keep-local: copied and verified, the local files stay.
    const first = await migrate('--keep-local');
    expect(first.status, first.out + first.err).toBe(0);
    expect(first.out).toContain(`3 file(s) checked, 3 copied and verified (${6 * MiB + 10} bytes), 0 already there, 0 failed; 0 local copies removed`);
    for (const [company, name, bytes] of localFiles) {
      const stored = await target.read(company, name);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes), name).toBe(true);
    }
    // One object goes bad (another file under the same key): the re-run copies it again, only it.
    const staged = await target.stage('company-1', localFiles[1][1], 'text/plain');
    await staged.write(Buffer.from('other'));
    await staged.keep();
    const second = await migrate();
    expect(second.status, second.out + second.err).toBe(0);
    expect(second.out).toContain('3 file(s) checked, 1 copied and verified (5 bytes), 2 already there, 0 failed; 3 local copies removed');
    expect(readdirSync(path.join(local, 'company-1'))).toEqual(['.upload-1']);
    expect(readdirSync(path.join(local, 'company-2'))).toEqual([]);
    // Nothing left to move.
    const third = await migrate();
    expect(third.status).toBe(0);
    expect(third.out).toContain('0 file(s) checked, 0 copied and verified (0 bytes), 0 already there, 0 failed; 0 local copies removed');
    expect(existsSync(path.join(local, 'company-1', '.upload-1'))).toBe(true);
  });

  it('refuses a destination that is not s3:// and a missing --to', async () => {
    const bad = await runFiles(['migrate', '--to', '/tmp/elsewhere'], { FILES_DIR: local });
    expect(bad.status).toBe(1);
    expect(bad.err).toContain('--to="/tmp/elsewhere" is not an s3:// address');
    const missing = await runFiles(['migrate'], { FILES_DIR: local });
    expect(missing.status).toBe(2);
    expect(missing.err).toContain('usage: npm run files -- migrate --to s3://bucket/prefix');
  });
});
