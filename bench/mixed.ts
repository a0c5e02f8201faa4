// `npm run bench:mixed`: a mixed load against the built server on a fresh SQLite file (or, with
// BENCH_DATABASE_URL, an empty PostgreSQL database). 64 concurrent clients (BENCH_CONCURRENCY)
// for 20 s (BENCH_SECONDS) each pick, request after request, one kind: a list read, a detail read,
// a creation, /api/health, or a knowledge-base file upload of 1 MiB or 5 MiB. A quarter into the
// run, one more client imports a bundle at its caps (500 of each kind; BENCH_IMPORT=0: none),
// and a prober asks /api/health every 50 ms while the import runs. Before all that, right after
// the server is ready, one burst: every client sends one request at once to a route nobody asked
// yet ("burst after start"). Prints per-kind req/s, p50, p99, p99.9 and max, and the overall
// p99/p99.9 (imports aside) — the questions being whether uploads or imports hold everything else
// up. Figures, not pass/fail. Needs a build (`npm run build`; NEXT_DIST_DIR is passed through;
// BENCH_NODE_ARGS adds Node flags to the server, e.g. a CPU profile). Traffic stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { maximalBundleImport } from '../scripts/lib/max-bundle';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 64);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const IMPORTS = process.env.BENCH_IMPORT !== '0';
const RUN_MS = Number(process.env.BENCH_SECONDS || 20) * 1000;
const PORT = Number(process.env.BENCH_PORT || 3458);
const base = `http://127.0.0.1:${PORT}/api`;
const MiB = 1024 * 1024;

type Kind = { name: string; weight: number; request: (client: number, i: number) => Promise<Response> };

/** CPU time (ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A deterministic pseudo-random sequence (mulberry32), so both runs of a before/after pair see the same mix. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ready-made multipart/form-data body: the field "file" holding `size` bytes. */
function multipart(size: number, filename: string): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----bench-${size}-boundary`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + size + tail.length);
  body.set(head);
  body.set(bytes, head.length);
  body.set(tail, head.length + size);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-mixed-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL, NODE_ENV: 'production' };
  // BENCH_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const poll = async () => {
        if (server.exitCode !== null) return reject(new Error(`server exited with ${server.exitCode}`));
        if (Date.now() > deadline) return reject(new Error('server did not become ready'));
        try {
          if ((await fetch(`${base}/tools/availables`)).status === 401) return resolve();
        } catch {
          /* not listening yet */
        }
        setTimeout(poll, 200);
      };
      void poll();
    });
    process.env.DATA_DIR = dataDir;
    if (DATABASE_URL) process.env.DATABASE_URL = DATABASE_URL;
    else delete process.env.DATABASE_URL;
    const { createCompany } = await import('../lib/server/companies');
    const tokenOf = async (name: string): Promise<string> => {
      const company = await createCompany(name);
      const auth = await (await fetch(`${base}/authentication/generate-access-token`, { headers: { authorization: `ApiKey ${company.apiKey}` } })).json();
      return auth.data.idToken;
    };
    // Creations go to a second company, so that the list read stays the same size throughout.
    const token = await tokenOf('Bench');
    const writerToken = await tokenOf('Bench writer');
    const importerToken = await tokenOf('Bench importer');
    const json = { authorization: token, 'content-type': 'application/json' };

    // Burst after start: every client at once, each to one of the routes no request has loaded
    // yet (only the token route has answered so far).
    const burstRoutes = ['/health', '/agents', '/knowledge-bases', '/tools', '/ai-models', '/squads', '/api-keys', '/members', '/activity'];
    const burstOnce = () =>
      Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, client) => {
          const route = burstRoutes[client % burstRoutes.length];
          const t0 = performance.now();
          const res = await fetch(`${base}${route}`, { headers: route === '/health' ? {} : { authorization: token } });
          await res.arrayBuffer();
          return { route, ms: performance.now() - t0, ok: res.status < 300 };
        }),
      );
    // The same burst once more at once: the routes are loaded now, so the difference is their first load.
    const burst = await burstOnce();
    const burstAgain = await burstOnce();

    const kb = (i: number, type: 'text' | 'file') => ({
      knowledgeBase: {
        name: `Base ${i}`, description: 'bench', enabled: true, sectors: ['bench'], content: type === 'text' ? `Text ${i}` : '',
        type, multimodal: false, tags: ['bench'],
      },
      ...(type === 'file' ? { filename: `file-${i}.bin` } : {}),
    });
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/knowledge-bases`, { method: 'POST', headers: json, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    // Seed: 100 text bases to read (the list answers these and the file bases), and one file base
    // per client to upload into (each upload replaces that base's previous file).
    const textIds: string[] = [];
    for (let i = 0; i < 100; i++) textIds.push(await post(kb(i, 'text')));
    const fileIds: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) fileIds.push(await post(kb(1000 + i, 'file')));

    const small = multipart(1 * MiB, 'one.bin');
    const large = multipart(5 * MiB, 'five.bin');
    const uploadTo = (id: string, file: { body: Uint8Array<ArrayBuffer>; contentType: string }) =>
      fetch(`${base}/knowledge-bases/${id}/file`, { method: 'PUT', headers: { authorization: token, 'content-type': file.contentType }, body: file.body });

    const kinds: Kind[] = [
      { name: 'GET /knowledge-bases (list)', weight: 30, request: () => fetch(`${base}/knowledge-bases`, { headers: { authorization: token } }) },
      { name: 'GET /knowledge-bases/{id}', weight: 35, request: (_c, i) => fetch(`${base}/knowledge-bases/${textIds[i % textIds.length]}`, { headers: { authorization: token } }) },
      { name: 'POST /knowledge-bases', weight: 20, request: (c, i) => fetch(`${base}/knowledge-bases`, { method: 'POST', headers: { ...json, authorization: writerToken }, body: JSON.stringify(kb(10_000 + c * 100_000 + i, 'text')) }) },
      { name: 'GET /health', weight: 5, request: () => fetch(`${base}/health`) },
      { name: 'PUT /{id}/file 1 MiB', weight: 10, request: (c) => uploadTo(fileIds[c], small) },
      { name: 'PUT /{id}/file 5 MiB', weight: 5, request: (c) => uploadTo(fileIds[c], large) },
    ];
    const totalWeight = kinds.reduce((s, k) => s + k.weight, 0);

    // Warm-up: each kind a few times, so that route loading is not measured.
    for (const kind of kinds) for (let i = 0; i < 3; i++) await (await kind.request(i, i)).arrayBuffer();

    const latencies = new Map<string, number[]>(kinds.map((k) => [k.name, []]));
    const errors = new Map<string, number>(kinds.map((k) => [k.name, 0]));
    const all: number[] = [];
    const serverCpu0 = cpuMs(server.pid);
    const loop0 = performance.eventLoopUtilization();
    const start = performance.now();
    const deadline = start + RUN_MS;
    // One more client imports a bundle at its caps a quarter into the run; a prober asks
    // /api/health every 50 ms while it runs.
    const imports: number[] = [];
    const healthDuringImport: number[] = [];
    let importErrors = 0;
    const importer = async () => {
      if (!IMPORTS) return;
      await new Promise((r) => setTimeout(r, RUN_MS / 4));
      for (let i = 0; i < 1; i++) {
        const body = JSON.stringify(maximalBundleImport(`${i}`));
        let running = true;
        const prober = (async () => {
          // Every probe sent while the import runs counts, however long after it the answer comes.
          while (running) {
            const t0 = performance.now();
            await (await fetch(`${base}/health`)).arrayBuffer();
            healthDuringImport.push(performance.now() - t0);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const t0 = performance.now();
        const res = await fetch(`${base}/bundles/import`, { method: 'POST', headers: { authorization: importerToken, 'content-type': 'application/json' }, body });
        await res.arrayBuffer();
        running = false;
        imports.push(performance.now() - t0);
        if (res.status !== 201) importErrors++;
        await prober;
      }
    };
    await Promise.all([
      importer(),
      ...Array.from({ length: CONCURRENCY }, async (_, client) => {
        const random = rng(1 + client);
        for (let i = 0; performance.now() < deadline; i++) {
          let pick = random() * totalWeight;
          const kind = kinds.find((k) => (pick -= k.weight) < 0) ?? kinds[0];
          const t0 = performance.now();
          let failed = false;
          try {
            const res = await kind.request(client, i);
            await res.arrayBuffer();
            failed = res.status >= 300;
          } catch {
            failed = true;
          }
          const ms = performance.now() - t0;
          latencies.get(kind.name)!.push(ms);
          all.push(ms);
          if (failed) errors.set(kind.name, errors.get(kind.name)! + 1);
        }
      }),
    ]);
    const seconds = (performance.now() - start) / 1000;
    const serverBusy = (cpuMs(server.pid) - serverCpu0) / (seconds * 1000);
    const clientBusy = performance.eventLoopUtilization(loop0).utilization;
    const row = (name: string, values: number[], errorCount: number) => {
      values.sort((a, b) => a - b);
      return {
        kind: name,
        requests: values.length,
        'req/s': +(values.length / seconds).toFixed(1),
        'p50 ms': +percentile(values, 50).toFixed(1),
        'p99 ms': +percentile(values, 99).toFixed(1),
        'p99.9 ms': +percentile(values, 99.9).toFixed(1),
        'max ms': +(values.at(-1) ?? NaN).toFixed(1),
        errors: errorCount,
      };
    };
    const rows = kinds.map((k) => row(k.name, latencies.get(k.name)!, errors.get(k.name)!));
    rows.push(row('ALL (imports aside)', all, [...errors.values()].reduce((s, n) => s + n, 0)));
    if (IMPORTS) {
      rows.push(row('POST /bundles/import (500 of each)', imports, importErrors));
      rows.push(row('GET /health during an import', healthDuringImport, 0));
    }
    console.log(`\nBurst right after start: ${CONCURRENCY} requests at once over ${burstRoutes.length} routes not loaded yet`);
    const maxOf = (list: { route: string; ms: number }[], route: string) => +Math.max(...list.filter((b) => b.route === route).map((b) => b.ms)).toFixed(1);
    console.table(
      burstRoutes.map((route) => ({
        route,
        requests: burst.filter((b) => b.route === route).length,
        'max ms': maxOf(burst, route),
        'max ms, same burst again': maxOf(burstAgain, route),
        errors: [...burst, ...burstAgain].filter((b) => b.route === route && !b.ok).length,
      })),
    );
    console.log(`\nMixed benchmark: ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${CONCURRENCY} concurrent clients, ${seconds.toFixed(1)} s, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
    console.log(`server CPU ${(serverBusy * 100).toFixed(0)}% of a core; this client's event loop ${(clientBusy * 100).toFixed(0)}% busy`);
    console.table(rows);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
