// `npm run bench:upload-memory`: the server's memory while it takes a 15 MiB knowledge-base file
// upload, on the local disk and on an S3-protocol store (s3rver, in this process). Method: the
// server's resident set from /proc/<pid>/status: VmRSS before the upload (after a warm-up upload
// and download, so the route and the S3 SDK are loaded), the peak (VmHWM, reset just before the
// upload by writing 5 to /proc/<pid>/clear_refs), and VmRSS after; for 5, 15, 20 and 15 MiB again,
// then 4 × 15 MiB at once. The server runs with `npm start`'s Node flags. Figures, not pass/fail;
// Linux only. Needs a build (`npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3rver, type S3Server } from '../scripts/lib/s3rver';

const MiB = 1024 * 1024;
const PORT = Number(process.env.BENCH_PORT || 3461);
const base = `http://127.0.0.1:${PORT}/api`;

/** A field of /proc/<pid>/status in MiB (VmRSS, VmHWM). */
function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
}

/** A multipart body of `size` file bytes, streamed in 64 KiB chunks (never one buffer). */
function multipartStream(size: number): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = 'bench-memory-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        controller.enqueue(chunk.subarray(0, n));
        sent += n;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function startServer(dataDir: string, extra: Record<string, string>): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' };
  // The Node flags and allocator setting of `npm start` (package.json), so the figures are a production server's.
  env.MALLOC_ARENA_MAX = '2';
  const flags = ['--liftoff-only', '--heap-growing-percent=50', '--single-threaded-gc'];
  const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready');
    try {
      if ((await fetch(`${base}/tools/availables`)).status === 401) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function measure(dataDir: string, label: string, extra: Record<string, string>): Promise<string[]> {
  const server = await startServer(dataDir, extra);
  const pid = server.pid!;
  try {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { createCompany } = await import('../lib/server/companies');
    const company = await createCompany(`Bench ${label}`);
    const auth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } })).json();
    const token = auth.data.idToken as string;
    const newBase = async (i: number) => {
      const res = await fetch(`${base}/knowledge-bases`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ knowledgeBase: { name: `File ${i}`, description: 'bench', enabled: true, sectors: [], content: '', type: 'file', multimodal: false, tags: [] }, filename: 'big.pdf' }),
      });
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const upload = async (id: string, size: number) => {
      const { body, contentType } = multipartStream(size);
      const res = await fetch(`${base}/knowledge-bases/${id}/file`, { method: 'PUT', headers: { authorization: token, 'content-type': contentType }, body, duplex: 'half' } as RequestInit);
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    };
    const ids = await Promise.all([1, 2, 3, 4].map(newBase));
    // Warm-up: the route, the multipart reader and (S3) the SDK load; a download too.
    await upload(ids[0], 6 * MiB);
    await (await fetch(`${base}/knowledge-bases/${ids[0]}/file`, { headers: { authorization: token } })).arrayBuffer();
    const lines: string[] = [];
    for (const [parallel, size] of [[1, 5], [1, 15], [1, 20], [1, 15], [4, 15]]) {
      await new Promise((r) => setTimeout(r, 1000));
      const before = status(pid, 'VmRSS');
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      await Promise.all(ids.slice(0, parallel).map((id) => upload(id, size * MiB)));
      const peak = status(pid, 'VmHWM');
      const after = status(pid, 'VmRSS');
      lines.push(`| ${label} | ${parallel} × ${size} MiB | ${before.toFixed(1)} | ${peak.toFixed(1)} | +${(peak - before).toFixed(1)} | ${after.toFixed(1)} |`);
      console.log(lines.at(-1));
    }
    return lines;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  console.log('| store | upload | RSS before (MiB) | peak RSS (MiB) | peak − before | RSS after (MiB) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  // One database for both runs (this process opens it once); one server at a time.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-upload-'));
  let s3: S3Server | undefined;
  try {
    await measure(dataDir, 'local disk', {});
    s3 = await startS3rver('aoc-bench');
    await measure(dataDir, 'S3 (s3rver)', { ...s3.env, FILE_STORE: `s3://${s3.bucket}/bench` });
  } finally {
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
