// A throwaway nginx (Debian's package) in front of several instances, for the two-instance test
// and its figures. It runs the deployment example itself, deploy/nginx.conf, with its upstream
// `server` lines and its `listen` line replaced by local addresses, inside a main configuration of
// its own (temp folders, logs and pid under a temp prefix: no root needed).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export type Nginx = { url: string; stop(): Promise<void> };

/** The nginx binary: NGINX_PATH, then PATH, then Debian's /usr/sbin/nginx; undefined when absent. */
function findNginx(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [process.env.NGINX_PATH, ...dirs.map((d) => path.join(d, 'nginx')), '/usr/sbin/nginx'];
  return candidates.find((file): file is string => !!file && existsSync(file));
}

const EXAMPLE = path.join(process.cwd(), 'deploy', 'nginx.conf');

/** deploy/nginx.conf with `upstreams` (host:port) as its instances and `port` as its listening port. */
function templatedConfig(upstreams: string[], port: number): string {
  const text = readFileSync(EXAMPLE, 'utf8');
  const servers = /^(\s*)server \S+:\d+( [^;\n]*)?;\n/gm;
  const first = servers.exec(text);
  if (!first) throw new Error(`${EXAMPLE} has no upstream server line`);
  const indent = first[1];
  const options = first[2] ?? '';
  const lines = upstreams.map((u) => `${indent}server ${u}${options};\n`).join('');
  let replaced = false;
  const withUpstreams = text.replace(servers, () => (replaced ? '' : ((replaced = true), lines)));
  const listen = /^(\s*)listen \d+;$/m;
  if (!listen.test(withUpstreams)) throw new Error(`${EXAMPLE} has no "listen <port>;" line`);
  return withUpstreams.replace(listen, `$1listen 127.0.0.1:${port};`);
}

/** Starts nginx in front of `upstreams`; resolves once it accepts connections. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const bin = findNginx();
  if (!bin) throw new Error('nginx not found (NGINX_PATH, PATH, /usr/sbin/nginx): install it, e.g. apt-get install nginx (.ci/run does)');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'aoc-nginx-'));
  for (const dir of ['logs', 'tmp']) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  writeFileSync(path.join(prefix, 'instances.conf'), templatedConfig(upstreams, port));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${path.join(prefix, 'tmp', t)};`).join('\n');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;\nevents { worker_connections 256; }\nhttp {\n    access_log off;\n${temp}\n    include ${path.join(prefix, 'instances.conf')};\n}\n`,
  );
  let log = '';
  const child = spawn(bin, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at start:\n${log}`);
    }
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 200) {
      await stop();
      throw new Error(`nginx did not listen on ${port}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
