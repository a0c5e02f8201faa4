// Profiles the squad designer (issue 8; decision 029): opens it at each size (BENCH_SIZES,
// default 500,1000) with a DevTools trace (main-thread self time per event: script, style,
// layout, layerize, paint) and a V8 CPU profile of the opening (navigation → ready and idle) and
// of a ~2 s drag of one node (one mouse move per animation frame, in the page), prints the
// opening's timeline (fetches, scripts), counts React commits and the components rendered in
// them, and prints the functions with the most self time, mapped back to the source when the
// build has browser source maps (build once with `productionBrowserSourceMaps: true` in
// next.config.ts, not committed). The counting of renders (a stand-in React DevTools hook) slows
// the page, so it runs in an opening and a drag of its own, not in the profiled ones.
//   npx tsx bench/designer-profile.ts       BENCH_PORT (3470), BENCH_TOP (25), BENCH_PROFILE_DIR=<dir>
//                                           keeps the .cpuprofile/.trace.json files, BENCH_BARE=1 traces
//                                           the bare page (bench/bare-designer) too
//   BENCH_EXPERIMENTS=1 [BENCH_EXPERIMENTS_JSON='{"name":"css",…}'] npx tsx bench/designer-profile.ts
//                                           drags on fresh openings with each CSS put in the page in
//                                           turn (BENCH_ROUNDS times, 2): fps and per-frame ms of the main
//                                           thread in all, script, layerize, layout…
//   npx tsx bench/designer-profile.ts <file.cpuprofile>…   summarises kept profiles of the same build
//   BENCH_THREAD_TIME=1                     trace figures in the main thread's CPU time (the events' thread
//                                           durations) rather than wall time: on a shared machine a busy
//                                           neighbour stretches wall time, much less the thread's own
import type { CDPSession, Page } from '@playwright/test';
import { originalPositionFor } from '@jridgewell/trace-mapping';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nodeToDrag, openDesignerBench, serveBarePage, squadOf } from './designer-fixture';
import { browserSourceMaps, selfTimes, type Profile, type ProfileNode } from './profile-self-time';

const PORT = Number(process.env.BENCH_PORT || 3470);
const SIZES = (process.env.BENCH_SIZES || '500,1000').split(',').map(Number);
const TOP = Number(process.env.BENCH_TOP || 25);
const OUT = process.env.BENCH_PROFILE_DIR;
const distDir = process.env.NEXT_DIST_DIR || '.next';

const RENDER_COUNTER = `
  window.__commits = 0;
  window.__renders = new Map();
  window.__counting = false;
  const nameOf = (type) => {
    if (!type) return null;
    if (typeof type === 'string') return null;
    const inner = type.type || type.render || type;
    const src = typeof inner === 'function' ? inner.toString().slice(0, 70).replace(/\\s+/g, ' ') : String(inner);
    return (inner.displayName || inner.name || '?') + ' | ' + src;
  };
  const walk = (fiber) => {
    while (fiber) {
      if (fiber.flags & 1) {
        const name = nameOf(fiber.elementType);
        if (name) window.__renders.set(name, (window.__renders.get(name) || 0) + 1);
      }
      if (fiber.child && (!fiber.alternate || fiber.child !== fiber.alternate.child)) walk(fiber.child);
      fiber = fiber.sibling;
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      if (!window.__counting) return;
      window.__commits++;
      walk(root.current.child);
    },
  };
`;

async function waitIdle(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __idleAt: number | null }).__idleAt !== null, undefined, { timeout: 180_000, polling: 500 });
  return (await page.evaluate('({ ready: Math.round(window.__designerReady), idle: Math.round(window.__idleAt) })')) as { ready: number; idle: number };
}

async function dragInPage(page: Page, ms = 2000): Promise<number> {
  const t = await nodeToDrag(page);
  return (await page.evaluate(`(async () => {
    const node = document.querySelector('[data-id="${t.id}"]');
    const el = node.querySelector('.sd-node-title');
    const at = (x, y, buttons) => ({ bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, screenX: x, screenY: y, button: 0, buttons });
    el.dispatchEvent(new MouseEvent('mousedown', at(${t.x}, ${t.y}, 1)));
    let frames = 0, x = ${t.x}, y = ${t.y};
    const t0 = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        frames++;
        const t = performance.now() - t0;
        x = ${t.x} + Math.sin((t / 1000) * Math.PI * 2) * 120;
        y = ${t.y} + Math.cos((t / 1000) * Math.PI * 2) * 60 - 60;
        window.dispatchEvent(new MouseEvent('mousemove', at(x, y, 1)));
        if (t < ${ms}) requestAnimationFrame(tick); else resolve();
      };
      requestAnimationFrame(tick);
    });
    const fps = Math.round((frames / (performance.now() - t0)) * 10000) / 10;
    window.dispatchEvent(new MouseEvent('mouseup', at(x, y, 0)));
    return fps;
  })()`)) as number;
}


const mapOf = browserSourceMaps(distDir);

function where(frame: ProfileNode['callFrame']): { name: string; file: string } {
  if (!frame.url) return { name: frame.functionName || `(${frame.functionName || 'native'})`, file: '(native / VM)' };
  const map = frame.url.startsWith('http') ? mapOf(frame.url) : null;
  if (!map || frame.lineNumber < 0) return { name: `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`, file: frame.url.split('/').pop() ?? '' };
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? '?').replace(/^.*?(node_modules\/)/, '$1').replace(`${process.cwd()}/`, '').replace(/^turbopack:\/\/\/\[project\]\//, '');
  const file = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source;
  return { name: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source.split('/').slice(-2).join('/')}:${pos.line}`, file };
}

function summarise(label: string, profile: Profile) {
  const { byId, self, total } = selfTimes(profile);
  const frames = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of self) {
    const w = where(byId.get(id)!.callFrame);
    frames.set(w.name, (frames.get(w.name) ?? 0) + us);
    files.set(w.file, (files.get(w.file) ?? 0) + us);
  }
  const table = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ 'self ms': Math.round(us / 1000), share: `${((100 * us) / total).toFixed(1)} %`, frame: name.slice(0, 100) }));
  console.log(`\n=== ${label}: ${Math.round(total / 1000)} ms sampled`);
  console.table(table(frames, TOP));
  console.table(table(files, 14));
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };

/** An event's own length: its thread (CPU) time with BENCH_THREAD_TIME=1, else its wall time. */
const lengthOf = (e: TraceEvent) => (process.env.BENCH_THREAD_TIME === '1' ? (e.tdur ?? e.dur!) : e.dur!);

/** Self time per trace event on the page's main thread (style, layout, paint, scripts…). */
function summariseTrace(label: string, buffer: Buffer, quiet = false): Map<string, number> | undefined {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const spans = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { name: string; end: number; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      void done;
    }
  };
  for (const e of spans) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - lengthOf(e));
    self.set(e.name, (self.get(e.name) ?? 0) + lengthOf(e));
    stack.push({ name: e.name, end: e.ts + e.dur!, child: 0 });
  }
  if (quiet) return self;
  const start = spans[0]?.ts ?? 0;
  const end = Math.max(...spans.map((e) => e.ts + e.dur!));
  console.log(`\n=== ${label}: main thread trace, ${Math.round((end - start) / 1000)} ms; self time by event:`);
  console.table(
    [...self.entries()]
      .filter(([, us]) => us > 2000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 18)
      .map(([name, us]) => ({ event: name, 'self ms': Math.round(us / 1000) })),
  );
  return self;
}

/**
 * CSS (or a script) put in the page before a drag, each tried on a fresh opening of the same
 * squad, in turn, twice: what the rendering of each part costs per frame.
 */
const EXPERIMENTS: Record<string, string> = JSON.parse(process.env.BENCH_EXPERIMENTS_JSON || 'null') ?? {
  baseline: '',
  'no minimap': '.react-flow__minimap { display: none !important; }',
  'no side panel': '.sd-panel { display: none !important; }',
  'no node clips/shadows': '.sd-node, .sd-node-title { overflow: visible !important; box-shadow: none !important; }',
  'no edges': '.react-flow__edges { display: none !important; }',
};

async function experiments(page: Page, url: string, n: number) {
  const rows: Record<string, string | number>[] = [];
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS || 2); round++) {
    for (const [name, css] of Object.entries(EXPERIMENTS)) {
      await page.goto(url, { waitUntil: 'commit' });
      await waitIdle(page);
      if (css) await page.addStyleTag({ content: css });
      await page.waitForTimeout(300);
      const browser = page.context().browser()!;
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      const fps = await dragInPage(page);
      const trace = await browser.stopTracing();
      const self = summariseTrace(name, trace, true)!;
      const frames = fps * 2;
      // Raster (software, on the raster threads): the frame's damage drawn again, off the main thread.
      const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
      const raster = (Array.isArray(parsed) ? parsed : parsed.traceEvents).filter((e) => e.name === 'RasterTask' && e.dur !== undefined).reduce((sum, e) => sum + lengthOf(e), 0);
      const per = (k: string) => +((self.get(k) ?? 0) / 1000 / frames).toFixed(1);
      const all = +([...self.values()].reduce((a, b) => a + b, 0) / 1000 / frames).toFixed(1);
      rows.push({ tasks: n, round, experiment: name, fps, 'main ms/frame': all, 'script ms/frame': per('FunctionCall'), layerize: per('Layerize'), layout: per('Layout'), paint: per('Paint'), commit: per('Commit'), style: per('UpdateLayoutTree'), task: per('RunTask'), 'raster (other threads)': +(raster / 1000 / frames).toFixed(1) });
    }
  }
  console.table(rows);
}

async function traced<T>(page: Page, label: string, run: () => Promise<T>): Promise<T> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  const result = await run();
  const buffer = await browser.stopTracing();
  if (OUT) writeFileSync(path.join(OUT, `${label.replace(/\W+/g, '-')}.trace.json`), buffer);
  summariseTrace(label, buffer);
  return result;
}

async function profiled<T>(cdp: CDPSession, label: string, run: () => Promise<T>): Promise<T> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  if (OUT) writeFileSync(path.join(OUT, `${label.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  summarise(label, profile);
  return result;
}

async function main() {
  const { context, page, dataDir, agents, post, close } = await openDesignerBench(PORT, [RENDER_COUNTER], (message) => console.log('page error:', message));
  page.on('dialog', (d) => void d.accept());
  try {
    const cdp = await page.context().newCDPSession(page);
    const bare = process.env.BENCH_BARE ? await serveBarePage(dataDir, PORT + 1, (n) => squadOf(n, agents).tasks) : null;
    for (const n of SIZES) {
      if (bare) {
        const bareUrl = `http://127.0.0.1:${PORT + 1}/?n=${n}`;
        await page.goto(bareUrl, { waitUntil: 'commit' });
        await waitIdle(page);
        const bareOpen = await traced(page, `${n} tasks: bare opening`, async () => {
          await page.goto(bareUrl, { waitUntil: 'commit' });
          return waitIdle(page);
        });
        console.log(`${n} tasks, bare: ready ${bareOpen.ready} ms, idle ${bareOpen.idle} ms`);
        const bareFps = await traced(page, `${n} tasks: bare drag`, () => dragInPage(page));
        console.log(`${n} tasks, bare: drag ${bareFps} fps (traced)`);
      }
      const { id } = await post('/squads', { squad: squadOf(n, agents) });
      const url = `/squads/${id}/designer`;
      if (process.env.BENCH_EXPERIMENTS) {
        await experiments(page, url, n);
        continue;
      }
      // Warm: the first opening compiles and caches.
      await page.goto(url, { waitUntil: 'commit' });
      await waitIdle(page);
      const tracedOpen = await traced(page, `${n} tasks: opening`, async () => {
        await page.goto(url, { waitUntil: 'commit' });
        return waitIdle(page);
      });
      console.log(`${n} tasks: ready ${tracedOpen.ready} ms, idle ${tracedOpen.idle} ms (traced)`);
      await page.goto(url, { waitUntil: 'commit' });
      const plain = await waitIdle(page);
      const timeline = (await page.evaluate(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const rows = [['response end', nav.responseEnd], ['DOMContentLoaded', nav.domContentLoadedEventEnd], ['load', nav.loadEventEnd]];
        for (const r of performance.getEntriesByType('resource')) if (r.initiatorType === 'fetch' || r.initiatorType === 'script') rows.push([r.initiatorType + ' ' + r.name.replace(location.origin, '').slice(0, 60), r.startTime, r.responseEnd]);
        for (const m of performance.getEntriesByType('mark')) rows.push(['mark ' + m.name, m.startTime]);
        return rows.map(([what, a, b]) => what + ': ' + Math.round(a) + (b ? '–' + Math.round(b) : ''));
      })()`)) as string[];
      console.log(`${n} tasks, opening timeline (ready ${plain.ready}, idle ${plain.idle}):\n  ${timeline.join('\n  ')}`);
      const open = await profiled(cdp, `${n} tasks: opening`, async () => {
        await page.goto(url, { waitUntil: 'commit' });
        return waitIdle(page);
      });
      console.log(`${n} tasks: ready ${open.ready} ms, idle ${open.idle} ms`);
      const fps = await profiled(cdp, `${n} tasks: drag`, () => dragInPage(page));
      console.log(`${n} tasks: drag ${fps} fps (profiled)`);
      const tracedFps = await traced(page, `${n} tasks: drag`, () => dragInPage(page));
      console.log(`${n} tasks: drag ${tracedFps} fps (traced)`);

      // Commits and renders (uninstrumented timings above).
      await page.goto(url, { waitUntil: 'commit' });
      await page.evaluate('window.__counting = true');
      await waitIdle(page);
      const opening = (await page.evaluate('({ commits: window.__commits, renders: [...window.__renders].sort((a, b) => b[1] - a[1]).slice(0, 15) })')) as { commits: number; renders: [string, number][] };
      console.log(`\n${n} tasks, opening: ${opening.commits} React commits; components rendered (count | name | source):`);
      for (const [name, count] of opening.renders) console.log(`  ${count}\t${name}`);
      await page.evaluate('window.__commits = 0; window.__renders = new Map()');
      const countedFps = await dragInPage(page);
      const drag = (await page.evaluate('({ commits: window.__commits, renders: [...window.__renders].sort((a, b) => b[1] - a[1]).slice(0, 15) })')) as { commits: number; renders: [string, number][] };
      console.log(`\n${n} tasks, drag (${countedFps} fps with counting): ${drag.commits} React commits; components rendered:`);
      for (const [name, count] of drag.renders) console.log(`  ${count}\t${name}`);
      await page.evaluate('window.__counting = false');
    }
    await context.close();
  } finally {
    await close();
  }
  process.exit(0);
}

const saved = process.argv.slice(2);
const run = saved.length
  ? async () => {
      for (const file of saved) summarise(path.basename(file), JSON.parse(readFileSync(file, 'utf8')) as Profile);
    }
  : main;
run().catch((error) => {
  console.error(error);
  process.exit(1);
});
