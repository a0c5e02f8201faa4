// Housekeeping (decision 086): the clean-up jobs the server runs outside any request, at start
// and then every so often: expired idempotency keys, activity past its retention, brute-force
// attempts past their window, unreferenced files. Each timer is unref'd (it never keeps the
// process alive); a job never overlaps itself; a failure is logged and the job tried again at its
// next turn. On stopping (lib/server/drain.ts) the timers end and the jobs in flight are awaited
// before the database closes.

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

const KEY = Symbol.for('agent-orchestration.housekeeping');
type State = { timers: NodeJS.Timeout[]; running: Set<Promise<void>>; stopped: boolean };
const holder = globalThis as unknown as Record<symbol, State | undefined>;
const state = (): State => (holder[KEY] ??= { timers: [], running: new Set(), stopped: false });

/** Starts `jobs`: each runs now (behind the start: the server answers meanwhile) and every `everyMs`. */
export function startHousekeeping(jobs: readonly Job[]): void {
  const current = state();
  const { timers, running } = current;
  current.stopped = false;
  for (const job of jobs) {
    let busy = false;
    const turn = () => {
      if (busy || current.stopped) return;
      busy = true;
      const done = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => console.error(`[${job.name}] sweep failed:`, error instanceof Error ? error.message : error),
        )
        .finally(() => {
          busy = false;
          running.delete(done);
        });
      running.add(done);
    };
    setImmediate(turn);
    const timer = setInterval(turn, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
}

/** Ends the timers and waits for the jobs in flight (called while draining, before the database closes). */
export async function stopHousekeeping(): Promise<void> {
  const current = state();
  current.stopped = true;
  const { timers, running } = current;
  for (const timer of timers.splice(0)) clearInterval(timer);
  await Promise.all([...running]);
}
