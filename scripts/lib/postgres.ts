// A throwaway PostgreSQL cluster from the machine's binaries, for scripts and tests.
// PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user and
// every command runs through `runuser -u postgres --`.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

export type PostgresServer = { url: string; stop(): Promise<void> };

/** The folder holding initdb/pg_ctl: PATH first, then /usr/local/bin, then Debian's /usr/lib/postgresql/<v>/bin (newest). */
export function findPostgresBinDir(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  dirs.push('/usr/local/bin', '/usr/local/pgsql/bin');
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  // pg_ctl and postgres live next to initdb in every PostgreSQL installation.
  return dirs.find((dir) => existsSync(path.join(dir, 'initdb')));
}

/** True when PostgreSQL is installed here (tests skip their PostgreSQL part otherwise). */
export function hasPostgres(): boolean {
  return findPostgresBinDir() !== undefined;
}

/** uid and gid of the `postgres` user (PostgreSQL runs as it when we are root). */
function pgUserId(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch (cause) {
    throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as', { cause });
  }
}

/**
 * Starts a fresh PostgreSQL cluster (trust auth, listening on 127.0.0.1 only) with a database
 * `app`, and returns its URL. `stop()` stops the cluster and removes its folder.
 */
export async function startPostgres(opts: { port?: number; dir?: string } = {}): Promise<PostgresServer> {
  const bin = findPostgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (initdb, pg_ctl): looked in PATH, /usr/local/bin and /usr/lib/postgresql/*/bin');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : os.userInfo().username;
  // Unix sockets need a short path: keep the cluster under /tmp unless told otherwise.
  const dir = opts.dir ? path.resolve(opts.dir) : mkdtempSync(path.join(os.tmpdir(), 'pg-'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const port = opts.port ?? (await freePort());

  const exec = async (tool: string, args: string[]) => {
    const cmd = path.join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    try {
      return await run(file, argv, { cwd: os.tmpdir(), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    } catch (e) {
      const err = e as Error & { stderr?: string; stdout?: string };
      throw new Error(`${tool} failed: ${(err.stderr || err.stdout || err.message).trim()}`, { cause: e });
    }
  };

  let started = false;
  // If the process dies without calling stop() (a crash, process.exit), still stop the cluster.
  const onExit = () => {
    if (!started) return;
    const cmd = path.join(bin, 'pg_ctl');
    const args = ['-D', dir, '-m', 'immediate', '-w', 'stop'];
    try {
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' });
      else execFileSync(cmd, args, { stdio: 'ignore' });
    } catch {
      // best effort
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (started) {
      started = false;
      await exec('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (asRoot) {
      const { uid, gid } = pgUserId();
      chownSync(dir, uid, gid);
    }
    await exec('initdb', ['-D', dir, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-sync']);
    await exec('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
    started = true;
    const server = `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}`;
    const url = await createDatabase(`${server}/postgres`, 'app');
    return { url, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Creates database `name` on the server of `url` and returns the URL of that database. */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
