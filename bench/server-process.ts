// What the benches share about the server they spawn (bench/api.ts, bench/activity-export.ts):
// its memory, stopping it, and pointing this process's database client at its database.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resident memory of a process and its descendants (tsx runs the server in a child), in MB. */
export function treeRssMb(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
    } catch {
      /* gone, or no /proc */
    }
  };
  visit(pid);
  return Math.round(total / 1024);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Points this process's db() at the database the server uses (a fresh client, as for a new instance). */
export async function pointAtDatabase(url: string, dataDir: string): Promise<void> {
  const holder = globalThis as unknown as Record<symbol, { $disconnect(): Promise<void> } | undefined>;
  const key = Symbol.for('agent-orchestration.prisma');
  await holder[key]?.$disconnect();
  holder[key] = undefined;
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
}
