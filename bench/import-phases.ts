// Where a maximal bundle import's time goes, without HTTP (decision 095): one import at its caps
// (500 of each kind, scripts/lib/max-bundle.ts) into a fresh database, in this process. Prints, per
// database, the body's validation (zod: in steps, or in one go on main), the preparation (lookups, rows, statements:
// outside any transaction), the write (the one transaction: how long it holds SQLite's single
// writer), the whole import, and the longest the event loop was held at once during each
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution; its max is the longest block). With main's
// bundles.ts (no `prepareImport`), only the whole import is timed: there it is all one transaction.
// Wall milliseconds: on a loaded machine they move with the load (CPU ms are printed beside).
//   npm run bench:import -- [rounds = 3]   (node --conditions=react-server --import tsx bench/import-phases.ts)
//   (BENCH_DATABASES="sqlite,postgresql"; add --cpu-prof --cpu-prof-dir=<folder> for a profile, then bench/cpu-profile.ts)
import os from 'node:os';
import { forEachDatabase } from './in-process-databases';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const ROUNDS = Number(process.argv[2] || 3);
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgresql').split(',').map((s) => s.trim());

/** Runs `fn`, answering its result, wall and CPU milliseconds, and the longest event-loop block while it ran. */
async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T; wall: number; cpu: number; block: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // A tick after the end, so that a block that ended the work is counted.
  await new Promise((resolve) => setTimeout(resolve, 5));
  loop.disable();
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000, block: loop.max / 1e6 };
}

const ms = (n: number) => +n.toFixed(1);

async function run(label: string) {
  const { createCompany } = await import('../lib/server/companies');
  const schemas = await import('../lib/schemas/bundle');
  const { pacer } = await import('../lib/server/pace');
  const { bundleImportBody } = schemas;
  const { maximalBundleImport } = await import('../scripts/lib/max-bundle');
  const bundles = await import('../lib/server/bundles');
  // main's bundles.ts has no preparation of its own: the whole import is its one transaction.
  const phased = 'prepareImport' in bundles;
  const { importBundle } = bundles;
  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    const company = await createCompany(`Import phases ${label} ${round}`);
    const actor = { companyId: company.id, kind: 'apiKey' as const, id: company.apiKeyId, name: 'default', userId: null, role: 'admin' as const, sectors: [] };
    const text = JSON.stringify(maximalBundleImport(`${round}`));
    // The route's check in steps where this tree has it (decision 095), else zod's in one go.
    const parse = await timed(async () => {
      const value: unknown = JSON.parse(text);
      if (!('parseBundleImportBody' in schemas)) return bundleImportBody.parse(value);
      const result = await schemas.parseBundleImportBody(value, pacer());
      if (!result.success) throw new Error('the maximal bundle did not parse');
      return result.data;
    });
    const body = parse.value;
    const row: Record<string, unknown> = { database: label, round: round + 1, 'parse ms': ms(parse.wall), 'parse max block ms': ms(parse.block) };
    if (phased) {
      const prepare = await timed(() => bundles.prepareImport(actor, body.bundle, body.apikeys));
      const write = await timed(() => bundles.writeImport(actor, body.bundle, prepare.value));
      Object.assign(row, {
        'prepare ms': ms(prepare.wall), 'prepare CPU ms': ms(prepare.cpu), 'prepare max block ms': ms(prepare.block),
        'write ms (writer held)': ms(write.wall), 'write CPU ms': ms(write.cpu), 'write max block ms': ms(write.block),
        statements: prepare.value.statements.length,
        'import ms': ms(prepare.wall + write.wall),
      });
    } else {
      const whole = await timed(() => importBundle(actor, body));
      Object.assign(row, { 'import ms (writer held)': ms(whole.wall), 'import CPU ms': ms(whole.cpu), 'import max block ms': ms(whole.block) });
    }
    rows.push(row);
  }
  return rows;
}

async function main() {
  const all = await forEachDatabase(DATABASES, 'aoc-import-', run);
  console.log(`Bundle import at its caps, in-process; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(all);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
