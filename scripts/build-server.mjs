// Compiles the custom server (server.ts and what it imports outside Next's bundle: server/**, lib/server/**,
// lib/api/**, the generated Prisma clients) into dist/ as ES modules, so `npm start` runs plain
// JavaScript with no TypeScript loader. Packages stay in node_modules (external). Dynamic imports
// become their own chunks (code splitting): a process loads only its database's client.
// Run by scripts/start.mjs (and `npm run build`) when sources changed; `node scripts/build-server.mjs`.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const outdir = path.join(root, 'dist');

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { server: 'server.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    // CommonJS packages imported from ES modules sometimes reach for require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Compiled server.ts into dist/ (${Date.now() - t0} ms)`);
}
