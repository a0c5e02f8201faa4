// The built server under the inspector's CPU profiler, one profile per benchmark phase
// (`BENCH_CPU_PROF=<folder> npm run bench:api`): each SIGUSR2 toggles profiling; on stop the profile
// is written to <folder>/<name>.cpuprofile, <name> read from <folder>/.phase (written by the bench
// before it signals). SIGUSR1 is Node's own debugger signal, hence SIGUSR2 for both.
//   node bench/profile-phases.mjs <folder> <server entry>   (not named *server.mjs: server.ts starts itself when its entry is)
import { readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [folder, entry] = process.argv.slice(2);
const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 200 });
let running = false;
process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await post('Profiler.stop');
  const name = readFileSync(path.join(folder, '.phase'), 'utf8').trim();
  writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
});
const server = await import(pathToFileURL(path.resolve(entry)).href);
server.run();
