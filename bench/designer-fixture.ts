// What bench/designer.ts and bench/designer-profile.ts share: the built server on a fresh SQLite
// file with its first company, Chromium signed in to the console, a model and five agents, the
// squads they open, the readiness probe, the bare React Flow page and the node a drag takes.
import { CHROMIUM_ARGS } from '../e2e/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const CONSOLE = { 'x-requested-with': 'console' };
const PERSON = { company: 'Bench', name: 'Bench Person', email: 'bench@bench.test', password: 'bench password 123' };


/** A squad of `n` tasks in a grid, each depending on the one before it and on one further back (a layered DAG). */
export function squadOf(n: number, agents: string[]) {
  const columns = Math.ceil(Math.sqrt(n * 2));
  const tasks = Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    agent: agents[i % agents.length],
    name: `Task ${i}`,
    objective: `Objective of task ${i}: gather, check and summarise what the next task needs.`,
    dependsOn: i === 0 ? [] : i % 3 === 0 ? [`t${i - 1}`, `t${Math.floor(i / 2)}`].filter((d, k, all) => all.indexOf(d) === k && d !== `t${i}`) : [`t${i - 1}`],
    coordinates: { x: (i % columns) * 288, y: Math.floor(i / columns) * 176, width: 240, height: 112 },
  }));
  return {
    name: `Bench squad of ${n}`,
    order: 'sequential',
    enabled: true,
    do_plan: true,
    sectors: ['bench'],
    publisher: 'bench',
    tasks,
    planningAgent: { id: agents[0] },
    supervisor: { id: agents[1] },
  };
}

/** Installed before every page: notes when task nodes are rendered and visible, their links drawn, and the view fitted. */
export const READY_PROBE = `
  window.__designerReady = null;
  window.__idleAt = null;
  // The first frame at which each step of an opening was seen (checked once a frame): the console
  // live (its buttons no longer waiting for hydration, decision 106), the canvas, the task nodes.
  window.__milestones = {};
  const note = (name, seen) => { if (!(name in window.__milestones) && seen) window.__milestones[name] = performance.now(); };
  const check = () => {
    const nodes = document.querySelectorAll('.react-flow__node-task');
    note('console live', document.querySelector('button') && !document.querySelector('[data-waiting]'));
    note('canvas', document.querySelector('.react-flow'));
    note('task nodes', nodes.length);
    note('task nodes visible', nodes.length && nodes[0].style.visibility !== 'hidden');
    note('links drawn', document.querySelector('.react-flow__edge path'));
    const viewport = document.querySelector('.react-flow__viewport');
    const fitted = viewport && viewport.style.transform && viewport.style.transform !== 'translate(0px, 0px) scale(1)';
    note('view fitted', fitted);
    const linked = document.querySelector('.react-flow__edge path');
    if (nodes.length && fitted && linked && nodes[0].style.visibility !== 'hidden') {
      window.__designerReady = performance.now();
      const waitIdle = () => requestIdleCallback((deadline) => {
        if (deadline.timeRemaining() >= 45) {
          window.__idleAt = performance.now();
          window.__heap = performance.memory ? performance.memory.usedJSHeapSize : 0;
        } else waitIdle();
      });
      waitIdle();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

/**
 * Builds the bare Next.js page (bench/bare-next: the same bare canvas in a Next.js App Router page,
 * the squad read on the server from `squadUrl`) and serves it with `next start` on `port`: the
 * framework's own floor, beside the designer and the esbuild page. Answers the function that stops it.
 */
export async function serveBareNextPage(port: number, squadUrl: string): Promise<() => void> {
  const next = path.resolve('node_modules/next/dist/bin/next');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BARE_SQUAD_URL: squadUrl, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NEXT_DIST_DIR; // its own .next, not the console's build folder
  const built = spawnSync(process.execPath, [next, 'build', 'bench/bare-next'], { env, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`The bare Next.js page did not build:\n${built.stdout}${built.stderr}`);
  const server = spawn(process.execPath, [next, 'start', 'bench/bare-next', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (d: Buffer) => /Ready in|started server/i.test(d.toString()) && resolve());
    server.once('exit', (code) => reject(new Error(`the bare Next.js page's server exited with ${code}`)));
  });
  return () => void server.kill('SIGTERM');
}

/** Bundles bench/bare-designer/page.tsx (esbuild, minified, production React) and serves it with the squads' tasks. */
export async function serveBarePage(dir: string, port: number, tasksOf: (n: number) => unknown[]): Promise<http.Server> {
  const esbuild = await import('esbuild');
  const bundle = path.join(dir, 'bare.js');
  await esbuild.build({
    entryPoints: [path.resolve('bench/bare-designer/page.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: bundle,
    logLevel: 'error',
  });
  const files: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare React Flow</title><link rel="stylesheet" href="/style.css"></head><body><div id="root"></div><script type="module" src="/bare.js"></script></body></html>'],
    '/bare.js': ['text/javascript', readFileSync(bundle)],
    '/style.css': ['text/css', readFileSync(path.resolve('node_modules/@xyflow/react/dist/style.css'))],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/squad.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(tasksOf(Number(url.searchParams.get('n')))));
      return;
    }
    const file = files[url.pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0] });
    res.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** The task node nearest the canvas's centre (fully in view), with the centre of its name. */
export async function nodeToDrag(page: Page): Promise<{ id: string; x: number; y: number }> {
  const target = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
    const cx = pane.left + pane.width / 2;
    const cy = pane.top + pane.height / 2;
    let best: { id: string; x: number; y: number; d: number } | null = null;
    for (const el of document.querySelectorAll<HTMLElement>('.react-flow__node-task')) {
      const r = el.querySelector('.sd-node-title')!.getBoundingClientRect();
      if (r.width === 0 || r.top < pane.top || r.bottom > pane.bottom || r.left < pane.left || r.right > pane.right) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const d = Math.hypot(x - cx, y - cy);
      if (!best || d < best.d) best = { id: el.dataset.id!, x, y, d };
    }
    return best;
  });
  if (!target) throw new Error('no task node in view to drag');
  return target;
}

export type DesignerBench = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  dataDir: string;
  /** The five agents' ids (task agents, planning agent, supervisor). */
  agents: string[];
  /** POST to the API as the signed-in console; answers the new resource's id. */
  post: (url: string, data: unknown) => Promise<{ id: string }>;
  close: () => Promise<void>;
};

/**
 * Serves the build in NEXT_DIST_DIR (.next) on `port` over a fresh SQLite file, sets up the first
 * company, signs Chromium in with `initScripts` (READY_PROBE first) on every page, and creates a
 * model and five agents.
 */
export async function openDesignerBench(port: number, initScripts: string[] = [], onPageError: (message: string) => void = () => undefined): Promise<DesignerBench> {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) throw new Error(`No build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first.`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aoc-bench-designer-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' as const, NEXT_DIST_DIR: distDir };
  const server = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const browser = await chromium.launch({ executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/lib/chromium/chromium', args: CHROMIUM_ARGS });
  const close = async () => {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (d: Buffer) => d.toString().includes('ready on') && resolve());
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    // The company and its first person, in the server's database (the first-run setup).
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { loadDatabase } = await import('../lib/server/db');
    await loadDatabase();
    const { setupFirstCompany } = await import('../lib/server/users');
    await setupFirstCompany(PERSON);

    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1440, height: 900 } });
    for (const script of [READY_PROBE, ...initScripts]) await context.addInitScript(script);
    const page = await context.newPage();
    page.on('pageerror', (error) => onPageError(error.message));
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(PERSON.email);
    await page.getByLabel('Password').fill(PERSON.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in: the console's home (the sign-in page sends to / or to where it was asked for).
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));

    const post = async (url: string, data: unknown) => {
      const res = await context.request.post(`/api${url}`, { headers: CONSOLE, data });
      const body = await res.json();
      if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
      return (body.data ?? body) as { id: string };
    };
    const model = await post('/ai-models', { model: { name: 'Bench model', sectors: ['bench'], description: 'bench', enabled: true, provider: 'meta', model: 'llama-3' } });
    const agents: string[] = [];
    for (let i = 0; i < 5; i++) {
      const agent = await post('/agents', {
        name: `Agent ${i}`, enabled: i !== 3, model: model.id, auto: false, reasoning: false, publisher: 'bench', temperature: 0.3, role: 'role',
        objective: 'objective', referencies: 'refs', 'can.delegate': false, can_code: false, multimodal: false, sectors: ['bench'], tools: [], knowledgeBases: [],
      });
      agents.push(agent.id);
    }
    return { browser, context, page, dataDir, agents, post, close };
  } catch (error) {
    await close();
    throw error;
  }
}
