// Where a TRUE first open of the squad designer goes (issue 22): a new browser context, nothing
// cached, the bare React Flow page (bench/bare-designer) and the designer alternated, BENCH_ROUNDS
// (1) times at each of BENCH_SIZES (100). For each open it prints the resource timing (start,
// request, first byte, end; bytes on the wire / decoded) and then, by mode:
//   default         a DevTools trace: the renderer main thread's tasks from navigation start to
//                   ready (≥ BENCH_MIN_MS, 3), each with what it did (script evaluated, compile,
//                   parse, style, layout, GC); the trace's own cost stretches the figures
//   BENCH_CPU=1     a V8 CPU profile: self time in windows of BENCH_WINDOW ms (50) by source
//                   (package, or file of ours), then the top functions and the totals by source —
//                   mapped to sources with a build that has browser source maps:
//                   WEIGHT_SOURCEMAPS=1 NEXT_DIST_DIR=.next-maps npx next build, then NEXT_DIST_DIR=.next-maps
//   BENCH_NO_TRACE=1  the resource timing only
//   BENCH_LAYOUTS=1   with the trace, each style and layout pass of ≥ 1 ms before ready: what it touched
//                   and the script that forced it, if one did
// The readiness is bench:designer's (READY_PROBE). Figures for reading, not pass/fail.
import type { Browser, BrowserContext } from '@playwright/test';
import { originalPositionFor } from '@jridgewell/trace-mapping';
import { openDesignerBench, READY_PROBE, serveBarePage, squadOf } from './designer-fixture';
import { browserSourceMaps, type Profile, type ProfileNode } from './profile-self-time';

const PORT = Number(process.env.BENCH_PORT || 3480);
const SIZES = (process.env.BENCH_SIZES || '100').split(',').map(Number);
const MIN_MS = Number(process.env.BENCH_MIN_MS || 3);
const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.compile'];

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown>; name?: string } & Record<string, unknown> };

async function tracedFirstOpen(browser: Browser, signedIn: BrowserContext | null, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (signedIn) await context.addCookies(await signedIn.cookies());
  await context.addInitScript(READY_PROBE);
  const page = await context.newPage();
  const tracing = !process.env.BENCH_NO_TRACE && !process.env.BENCH_CPU;
  const cdp = process.env.BENCH_CPU ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  if (tracing) await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __designerReady: number | null }).__designerReady !== null, undefined, { timeout: 60_000, polling: 100 });
  const ready = (await page.evaluate('window.__designerReady')) as number;
  const timing = await page.evaluate(`(() => {
    const ms = (t) => String(Math.round(t)).padStart(5);
    const nav = performance.getEntriesByType('navigation')[0];
    const rows = [ms(nav.requestStart) + ms(nav.responseStart) + ms(nav.responseEnd) + '  HTML ' + (nav.encodedBodySize / 1024).toFixed(1) + '/' + (nav.decodedBodySize / 1024).toFixed(1) + ' kB'];
    for (const r of performance.getEntriesByType('resource')) rows.push(ms(r.startTime) + ms(r.requestStart) + ms(r.responseStart) + ms(r.responseEnd) + '  ' + r.initiatorType.padEnd(6) + r.name.replace(location.origin, '').slice(-40) + ' ' + (r.encodedBodySize / 1024).toFixed(1) + '/' + (r.decodedBodySize / 1024).toFixed(1) + ' kB');
    rows.push(ms(nav.domContentLoadedEventEnd) + '  DCL');
    return rows.join('\\n');
  })()`);
  console.log(`${url}: ready ${Math.round(ready)}\n  start  req  resp  end\n${timing}`);
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile & { startTime: number } };
    timelineOf(profile, ready);
  }
  if (!tracing) {
    await context.close();
    return;
  }
  await page.waitForTimeout(300);
  const buffer = await browser.stopTracing();
  await context.close();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const navs = events.filter((e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean; documentLoaderURL?: string } | undefined)?.isLoadingMainFrame);
  const nav = navs.find((e) => String((e.args?.data as { documentLoaderURL?: string }).documentLoaderURL ?? '').startsWith(url)) ?? navs[0];
  if (!nav) throw new Error('no navigationStart in the trace');
  const main = `${nav.pid}:${nav.tid}`;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const end = nav.ts + ready * 1000;
  console.log(`\n${url}: ready ${Math.round(ready)} ms (main thread ${threadNames.get(main)})`);
  let busy = 0;
  const byKind = new Map<string, number>();
  for (const task of tasks) {
    if (task.ts + (task.dur ?? 0) < nav.ts || task.ts > end) continue;
    const dur = (task.dur ?? 0) / 1000;
    busy += dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0));
    const what = new Map<string, number>();
    for (const e of inside) {
      const data = e.args?.data as { url?: string; functionName?: string } | undefined;
      const label = e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' ? `${e.name} ${(data?.url ?? '').replace(/^.*\//, '')}` : e.name;
      if (['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER_SCAVENGE_PARALLEL', 'V8.GC_MC_INCREMENTAL', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.produceCache', 'V8.CompileLazy', 'v8.parseOnBackground'].includes(e.name)) {
        what.set(label, (what.get(label) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    for (const [k, v] of what) byKind.set(k.split(' ')[0], (byKind.get(k.split(' ')[0]) ?? 0) + v);
    if (dur < MIN_MS) continue;
    const top = [...what].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' · ');
    console.log(`${String(Math.round((task.ts - nav.ts) / 1000)).padStart(6)} +${dur.toFixed(1).padStart(6)} ms  ${top}`);
  }
  if (process.env.BENCH_LAYOUTS) {
    // Each style and layout pass of ≥ 1 ms before ready, with what it touched and the script that forced it (if one did).
    for (const e of onMain) {
      if ((e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') || (e.dur ?? 0) < 1000 || e.ts < nav.ts || e.ts > end) continue;
      const begin = (e.args as { beginData?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[]; dirtyObjects?: number; totalObjects?: number } } | undefined)?.beginData;
      const count = (e.args as { elementCount?: number } | undefined)?.elementCount;
      const frame = begin?.stackTrace?.[0];
      const by = frame ? ` forced by ${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}` : '';
      const size = e.name === 'Layout' ? ` ${begin?.dirtyObjects ?? '?'}/${begin?.totalObjects ?? '?'} objects` : ` ${count ?? '?'} elements`;
      console.log(`${String(Math.round((e.ts - nav.ts) / 1000)).padStart(6)} +${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${e.name}${size}${by}`);
    }
  }
  console.log(`main thread busy ${busy.toFixed(0)} ms of ${Math.round(ready)}; nested (overlapping) time by event: ${[...byKind].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
}

const mapOf = browserSourceMaps(process.env.NEXT_DIST_DIR || '.next');
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const map = frame.url.startsWith('http') ? mapOf(frame.url) : null;
  if (!map || frame.lineNumber < 0) return frame.url.split('/').pop() ?? '';
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? '?').replace(/^.*?(node_modules\/)/, '$1').replace(/^turbopack:\/\/\/\[project\]\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?/.exec(source);
  if (pkg?.[1] === 'next') return `next${(pkg[2] ?? '').split('/').slice(0, 4).join('/')}`;
  return pkg?.[1] ?? source;
}
/** A frame's function, at its place in the source. */
function functionOf(frame: ProfileNode['callFrame']): string {
  const map = frame.url.startsWith('http') ? mapOf(frame.url) : null;
  if (!map || frame.lineNumber < 0) return `${frame.functionName || '(anonymous)'} ${sourceOf(frame)}`;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  return `${pos.name ?? frame.functionName ?? '(anonymous)'} ${(pos.source ?? '?').split('/').slice(-2).join('/')}:${pos.line}`;
}
/**
 * The profile's samples in windows of BENCH_WINDOW ms from navigation start: the sources with the
 * most self time in each (the profiler starts just before the navigation: times from its start).
 */
function timelineOf(profile: Profile & { startTime: number }, ready: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const WINDOW = Number(process.env.BENCH_WINDOW || 50);
  const windows = new Map<number, Map<string, number>>();
  const totals = new Map<string, number>();
  const fns = new Map<string, number>();
  let t = profile.startTime; // µs
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const at = (t - profile.startTime) / 1000;
    if (at > ready + 20) break;
    const src = sourceOf(byId.get(profile.samples[i])!.callFrame);
    if (src === '((idle))') continue;
    const w = Math.floor(at / WINDOW) * WINDOW;
    const m = windows.get(w) ?? new Map<string, number>();
    m.set(src, (m.get(src) ?? 0) + profile.timeDeltas[i] / 1000);
    windows.set(w, m);
    totals.set(src, (totals.get(src) ?? 0) + profile.timeDeltas[i] / 1000);
    const fn = functionOf(byId.get(profile.samples[i])!.callFrame);
    fns.set(fn, (fns.get(fn) ?? 0) + profile.timeDeltas[i] / 1000);
  }
  for (const [w, m] of [...windows].sort((a, b) => a[0] - b[0])) {
    const busy = [...m.values()].reduce((a, b) => a + b, 0);
    console.log(`${String(w).padStart(5)} ms  busy ${busy.toFixed(0).padStart(3)}  ${[...m].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k.slice(-60)} ${v.toFixed(0)}`).join(' · ')}`);
  }
  console.log('top functions:\n' + [...fns].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `  ${v.toFixed(1).padStart(6)}  ${k.slice(0, 110)}`).join('\n'));
  console.log('total by source:', [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k.slice(-60)} ${v.toFixed(0)}`).join(' · '));
}

async function main() {
  const { browser, context, dataDir, agents, post, close } = await openDesignerBench(PORT);
  try {
    const bare = await serveBarePage(dataDir, PORT + 1, (n) => squadOf(n, agents).tasks);
    for (const n of SIZES) {
      const { id } = await post('/squads', { squad: squadOf(n, agents) });
      for (let round = 0; round < Number(process.env.BENCH_ROUNDS || 1); round++) {
        await tracedFirstOpen(browser, null, `http://127.0.0.1:${PORT + 1}/?n=${n}`);
        await tracedFirstOpen(browser, context, `http://127.0.0.1:${PORT}/squads/${id}/designer`);
      }
    }
    bare.close();
  } finally {
    await close();
  }
}

void main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
