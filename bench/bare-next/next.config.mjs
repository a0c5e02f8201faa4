// The bare Next.js page's own config (bench/bare-next, built by bench/designer.ts): nothing set but
// what it needs to build beside the console, from the repository's node_modules.
import path from 'node:path';

const config = {
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: path.resolve(import.meta.dirname, '../..') },
};

export default config;
