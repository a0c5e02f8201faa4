// `npm run bench:designer`: how the squad designer holds up with 100, 500 and 1,000 tasks, in
// headless Chromium against the built server on a fresh SQLite file.
//
// The headline is the FIRST OPEN (issue 22): a full navigation to /squads/{id}/designer by a
// signed-in person in a new browser context (its own empty HTTP cache, only the session cookies
// copied in), ready when the task nodes are on the canvas, their links drawn and the view fitted (READY_PROBE in
// designer-fixture.ts). Beside it, two bare pages with the same squad and the same plain React
// Flow canvas (bench/bare-designer/flow.tsx), opened the same way: the esbuild page
// (bench/bare-designer/page.tsx, nothing but React and React Flow, the squad fetched as JSON) and
// the Next.js page (bench/bare-next, the squad read on the server into the page, as the designer's
// is): the floor of React Flow alone, and the floor of the framework the console is built on.
// BENCH_ROUNDS (5) rounds alternate bare → bare Next.js → designer, and their medians are compared
// (issue 22's target: designer ≤ 1.5× the esbuild page). Then the WARM REOPEN: BENCH_REOPENS (5) reopens of each in one context
// (cache warm), alternated, medians compared (target ≤ 1.2×). Then, per squad: frames per second
// while a node is dragged for ~2 s (requestAnimationFrame callbacks counted in the page; idle
// fps is the ceiling on this machine) with real input and with input made in the page, in the
// opening view and again with the whole squad in view (Fit view), and the time an auto-layout
// takes to show. Prints the waterfall of the last first open of the designer and of the bare page
// at each size (the HTML, each script and API request: start → end, ms from navigation start;
// DOMContentLoaded; the first frame with the console live, the canvas, the task nodes, their
// links, the fitted view; ready). "idle" is when the page first has a whole idle period (requestIdleCallback with ≥ 45 ms
// to spare) after it is ready; "heap" is the JS heap in use then (performance.memory).
// Figures, not pass/fail. Needs a build (`npm run build`, or NEXT_DIST_DIR=<dir> for another build folder).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type http from 'node:http';
import os from 'node:os';
import { nodeToDrag, openDesignerBench, READY_PROBE, serveBareNextPage, serveBarePage, squadOf } from './designer-fixture';

const PORT = Number(process.env.BENCH_PORT || 3458);
const SIZES = (process.env.BENCH_SIZES || '100,500,1000').split(',').map(Number);
const DRAG_MS = Number(process.env.BENCH_DRAG_MS || 2000);
/** Reopens of the designer and of the bare page whose medians are compared. */
const REOPENS = Math.max(1, Number(process.env.BENCH_REOPENS || 5));
/** First opens (new context, nothing cached) of the bare pages and the designer, alternated. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 5));
/** BENCH_FIRST_ONLY=1: the first opens only (no warm reopens, drags or layout). */
const FIRST_ONLY = process.env.BENCH_FIRST_ONLY === '1';

type Open = { tti: number; idle: number; heapMb: number; domNodes: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
/** Each figure's median over the opens (the DOM's node count is the same at every open). */
const medianOpen = (opens: Open[]): Open => ({
  tti: median(opens.map((o) => o.tti)),
  idle: median(opens.map((o) => o.idle)),
  heapMb: median(opens.map((o) => o.heapMb)),
  domNodes: opens.at(-1)!.domNodes,
});

async function timeToInteractive(page: Page, url: string): Promise<Open> {
  await page.goto(url, { waitUntil: 'commit' });
  // Polled by timer, not by animation frame: a frame requested every frame would leave no idle period.
  await page.waitForFunction(() => (window as unknown as { __idleAt: number | null }).__idleAt !== null, undefined, { timeout: 120_000, polling: 500 }).catch(async (error: Error) => {
    const state = await page.evaluate('({ url: location.href, ready: window.__designerReady, idle: window.__idleAt, nodes: document.querySelectorAll(".react-flow__node-task").length, body: document.body.innerText.slice(0, 300) })');
    throw new Error(`${url} was not ready and idle: ${JSON.stringify(state)} (${error.message})`);
  });
  // A string: the bundler's name helpers do not exist in the page.
  const probe = (await page.evaluate(
    '({ ready: window.__designerReady, idle: window.__idleAt, heap: window.__heap, nodes: document.querySelectorAll(".react-flow__node-task").length })',
  )) as { ready: number; idle: number; heap: number; nodes: number };
  return { tti: Math.round(probe.ready), idle: Math.round(probe.idle), heapMb: Math.round(probe.heap / 1e5) / 10, domNodes: probe.nodes };
}

type FirstOpen = { ready: number; waterfall: string[] };

/**
 * A true first open: a new browser context with the signed-in person's cookies and nothing else
 * (no HTTP cache, no storage), one full navigation, ready when the task nodes are on the canvas,
 * linked and fitted.
 */
async function firstOpen(browser: Browser, signedIn: BrowserContext, url: string): Promise<FirstOpen> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(await signedIn.cookies());
    await context.addInitScript(READY_PROBE);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __designerReady: number | null }).__designerReady !== null, undefined, { timeout: 120_000, polling: 100 }).catch(async (error: Error) => {
      const state = await page.evaluate('({ url: location.href, nodes: document.querySelectorAll(".react-flow__node-task").length, body: document.body.innerText.slice(0, 300) })');
      throw new Error(`${url} was not ready: ${JSON.stringify(state)} (${error.message})`);
    });
    // A string: the bundler's name helpers do not exist in the page.
    return (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const ms = (t) => String(Math.round(t)).padStart(5);
      const rows = [[nav.responseStart, ms(nav.requestStart) + ' → ' + ms(nav.responseEnd) + '  HTML ' + location.pathname + ' (first byte ' + Math.round(nav.responseStart) + ')']];
      for (const r of performance.getEntriesByType('resource')) {
        if (r.initiatorType === 'fetch' || r.initiatorType === 'script' || r.initiatorType === 'link' || r.initiatorType === 'other') {
          const kb = r.encodedBodySize ? ' ' + (r.encodedBodySize / 1024).toFixed(1) + ' kB' : '';
          rows.push([r.startTime, ms(r.startTime) + ' → ' + ms(r.responseEnd) + '  ' + r.initiatorType.padEnd(6) + ' ' + r.name.replace(location.origin, '').slice(0, 70) + kb]);
        }
      }
      rows.push([nav.domContentLoadedEventEnd, ms(nav.domContentLoadedEventEnd) + '          DOMContentLoaded']);
      for (const [name, at] of Object.entries(window.__milestones)) rows.push([at, ms(at) + '          ' + name]);
      rows.push([window.__designerReady, ms(window.__designerReady) + '          ready (' + document.querySelectorAll('.react-flow__node-task').length + ' task nodes in the DOM)']);
      rows.sort((a, b) => a[0] - b[0]);
      return { ready: Math.round(window.__designerReady), waterfall: rows.map((r) => r[1]) };
    })()`)) as FirstOpen;
  } finally {
    await context.close();
  }
}

const placeOf = (page: Page, id: string) => page.locator(`[data-id="${id}"]`).evaluate((el) => (el as HTMLElement).style.transform);

/**
 * Drags a node back and forth for DRAG_MS with real input (Playwright's mouse, through the
 * DevTools protocol: each move waits for the page to take it, so the harness caps the figure).
 */
async function dragFpsCdp(page: Page): Promise<number> {
  const target = await nodeToDrag(page);
  const before = await placeOf(page, target.id);
  // Strings, not functions: the bundler's name helpers do not exist in the page.
  await page.evaluate(`
    window.__frames = 0;
    window.__counting = true;
    const tick = () => {
      if (!window.__counting) return;
      window.__frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  `);
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  const start = Date.now();
  let moves = 0;
  while (Date.now() - start < DRAG_MS) {
    const phase = (moves % 80) / 80;
    await page.mouse.move(target.x + Math.sin(phase * Math.PI * 2) * 120, target.y + Math.cos(phase * Math.PI * 2) * 60 - 60);
    moves++;
  }
  const elapsed = Date.now() - start;
  const frames = (await page.evaluate('window.__counting = false; window.__frames')) as number;
  // The path passes through the starting point once a lap (phase 0): end away from it, or a drag
  // whose last move fell there would put the node back where it was and look like no drag.
  await page.mouse.move(target.x + 40, target.y + 40);
  await page.mouse.up();
  if ((await placeOf(page, target.id)) === before) throw new Error('the dragged node did not move');
  return Math.round((frames / elapsed) * 10_000) / 10;
}

/**
 * The same drag driven from inside the page: one mouse move per animation frame, as a hand on a
 * mouse gives, so the figure is the page's own (input hit-testing aside).
 */
async function dragFpsInPage(page: Page): Promise<number> {
  const target = await nodeToDrag(page);
  const result = (await page.evaluate(`(async () => {
    const node = document.querySelector('[data-id="${target.id}"]');
    const el = node.querySelector('.sd-node-title');
    const start = node.style.transform;
    let moved = false;
    const at = (x, y, buttons) => ({ bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, screenX: x, screenY: y, button: 0, buttons });
    el.dispatchEvent(new MouseEvent('mousedown', at(${target.x}, ${target.y}, 1)));
    let frames = 0;
    const t0 = performance.now();
    let x = ${target.x};
    let y = ${target.y};
    await new Promise((resolve) => {
      const tick = () => {
        frames++;
        const t = performance.now() - t0;
        x = ${target.x} + Math.sin((t / 1000) * Math.PI * 2) * 120;
        y = ${target.y} + Math.cos((t / 1000) * Math.PI * 2) * 60 - 60;
        window.dispatchEvent(new MouseEvent('mousemove', at(x, y, 1)));
        moved ||= node.style.transform !== start;
        if (t < ${DRAG_MS}) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    const elapsed = performance.now() - t0;
    window.dispatchEvent(new MouseEvent('mouseup', at(x, y, 0)));
    return { fps: Math.round((frames / elapsed) * 10000) / 10, moved };
  })()`)) as { fps: number; moved: boolean };
  if (!result.moved) throw new Error('the dragged node did not move');
  return result.fps;
}

/** Animation frames per second with nothing happening: the ceiling for the drag figure on this machine. */
async function idleFps(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    let frames = 0;
    const t0 = performance.now();
    const tick = () => {
      frames++;
      if (performance.now() - t0 < 1000) requestAnimationFrame(tick);
      else resolve(Math.round((frames / (performance.now() - t0)) * 10000) / 10);
    };
    requestAnimationFrame(tick);
  })`);
}

/** Click on Auto-layout → a node shown at its new place (rAF polling; a string, see dragFps). */
async function layoutMs(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const places = () => [...document.querySelectorAll('.react-flow__node-task')].slice(0, 50).map((n) => n.style.transform).join();
    const before = places();
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Auto-layout');
    const t0 = performance.now();
    button.click();
    while (places() === before && performance.now() - t0 < 120000) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return Math.round(performance.now() - t0);
  })()`);
}

async function main() {
  const errors: string[] = [];
  const { browser, context, page, dataDir, agents, post, close } = await openDesignerBench(PORT, [], (message) => errors.push(message));
  let bare: http.Server | undefined;
  let stopBareNext: (() => void) | undefined;
  try {
    const squads = [];
    for (const n of SIZES) squads.push({ n, id: (await post('/squads', { squad: squadOf(n, agents) })).id });

    const barePort = PORT + 1;
    bare = await serveBarePage(dataDir, barePort, (n) => squadOf(n, agents).tasks);
    const bareNextPort = PORT + 2;
    stopBareNext = await serveBareNextPage(bareNextPort, `http://127.0.0.1:${barePort}/squad.json`);

    const rows = [];
    const comparison = [];
    const headline = [];
    const waterfalls: string[] = [];
    for (const { n, id } of squads) {
      // The first opens: a new context each, the bare page, the bare Next.js page and the designer
      // alternated, ROUNDS of each.
      const bareFirst: number[] = [];
      const nextFirst: number[] = [];
      const designerFirst: number[] = [];
      let last: FirstOpen | null = null;
      let lastBare: FirstOpen | null = null;
      let lastNext: FirstOpen | null = null;
      for (let i = 0; i < ROUNDS; i++) {
        lastBare = await firstOpen(browser, context, `http://127.0.0.1:${barePort}/?n=${n}`);
        bareFirst.push(lastBare.ready);
        lastNext = await firstOpen(browser, context, `http://127.0.0.1:${bareNextPort}/?n=${n}`);
        nextFirst.push(lastNext.ready);
        last = await firstOpen(browser, context, `http://127.0.0.1:${PORT}/squads/${id}/designer`);
        designerFirst.push(last.ready);
      }
      waterfalls.push(`${n} tasks, the designer's last first open (ms from navigation start):\n  ${last!.waterfall.join('\n  ')}`);
      waterfalls.push(`${n} tasks, the bare Next.js page's last first open:\n  ${lastNext!.waterfall.join('\n  ')}`);
      waterfalls.push(`${n} tasks, the bare page's last first open:\n  ${lastBare!.waterfall.join('\n  ')}`);
      const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
      const firstOpens = {
        tasks: n,
        'first open: designer (ms)': median(designerFirst),
        'first open: bare (ms)': median(bareFirst),
        'first open ratio': +(median(designerFirst) / median(bareFirst)).toFixed(2),
        'designer range': range(designerFirst),
        'bare range': range(bareFirst),
        'first open: bare Next.js (ms)': median(nextFirst),
        'bare Next.js / bare': +(median(nextFirst) / median(bareFirst)).toFixed(2),
        'designer / bare Next.js': +(median(designerFirst) / median(nextFirst)).toFixed(2),
      };
      if (FIRST_ONLY) {
        headline.push(firstOpens);
        continue;
      }
      // The bare page first, then the designer, on the same squad. Then REOPENS reopens of each,
      // alternated so that both see the same moments of the machine, and the medians compared:
      // one open of each moved the ratio by a third from run to run (1.06–1.63 at 100 tasks).
      const bareUrl = `http://127.0.0.1:${barePort}/?n=${n}`;
      await timeToInteractive(page, bareUrl);
      await timeToInteractive(page, bareUrl);
      const bareDrag = await dragFpsInPage(page);
      const url = `/squads/${id}/designer`;
      const first = await timeToInteractive(page, url);
      const bareOpens: Open[] = [];
      const opens: Open[] = [];
      for (let i = 0; i < REOPENS; i++) {
        bareOpens.push(await timeToInteractive(page, bareUrl));
        opens.push(await timeToInteractive(page, url)); // last: the drags below are the designer's
      }
      const bareOpen = medianOpen(bareOpens);
      const again = medianOpen(opens);
      headline.push({
        ...firstOpens,
        'warm reopen: designer (ms)': again.tti,
        'warm reopen: bare (ms)': bareOpen.tti,
        'warm ratio': +(again.tti / bareOpen.tti).toFixed(2),
      });
      comparison.push({
        tasks: n,
        'designer ready (ms)': again.tti,
        'bare ready (ms)': bareOpen.tti,
        'ready ratio': +(again.tti / bareOpen.tti).toFixed(2),
        'designer idle (ms)': again.idle,
        'bare idle (ms)': bareOpen.idle,
        'idle ratio': +(again.idle / bareOpen.idle).toFixed(2),
        'designer heap (MB)': again.heapMb,
        'bare heap (MB)': bareOpen.heapMb,
      });
      const idle = await idleFps(page);
      const dragCdp = await dragFpsCdp(page);
      const dragPage = await dragFpsInPage(page);
      (comparison.at(-1) as Record<string, number>)['designer drag fps'] = dragPage;
      (comparison.at(-1) as Record<string, number>)['bare drag fps'] = bareDrag;
      (headline.at(-1) as Record<string, number | string>)['drag fps (designer, in-page)'] = dragPage;
      // Then with the whole squad in view (Fit view: every task node rendered).
      await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
      await page.keyboard.press('f');
      await page.waitForTimeout(800);
      const allInView = await page.locator('.react-flow__node-task').count();
      const dragAll = await dragFpsInPage(page);
      const layout = await layoutMs(page);
      rows.push({
        tasks: n,
        'TTI first open (ms)': first.tti,
        'TTI reopen (ms)': again.tti, // median of REOPENS
        'task nodes in DOM': again.domNodes,
        'idle fps': idle,
        'drag fps (CDP input)': dragCdp,
        'drag fps (in-page input)': dragPage,
        'all in view: nodes in DOM': allInView,
        'all in view: drag fps (in-page)': dragAll,
        'auto-layout (ms)': layout,
      });
      // Leave without the unsaved-changes question (the drag and layout are not saved).
      page.removeAllListeners('dialog');
      page.on('dialog', (dialog) => void dialog.accept());
    }
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`\nSquad designer benchmark: headless Chromium ${browser.version()}, viewport 1440×900, ${os.cpus().length} cores, Node ${process.version}, load average ${load}`);
    console.log(`\nFIRST OPEN (headline): full navigation, signed in, new browser context (nothing cached), ready = task nodes on the canvas, their links drawn and the view fitted;`);
    console.log(`median of ${ROUNDS} rounds, bare page, bare Next.js page and designer alternated. WARM REOPEN: median of ${REOPENS} reopens of each in one context, alternated.`);
    console.table(headline);
    for (const w of waterfalls) console.log(`\n${w}`);
    console.log('\nDetails:');
    console.log('TTI = navigation start → task nodes rendered, their links drawn and the opening view set; fps = animation frames per second while dragging a node for ~2 s');
    console.log('(CDP input: Playwright mouse moves, each awaited; in-page input: one mouse move per animation frame).');
    console.table(rows);
    console.log(`\nAgainst a bare React Flow page with the same squad (median of ${REOPENS} reopens each, alternated, warm cache; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
    console.table(comparison);
    if (errors.length) console.log('Errors in the page:', errors);
    await context.close();
  } finally {
    bare?.close();
    stopBareNext?.();
    await close();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
