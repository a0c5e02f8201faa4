import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // NEXT_DIST_DIR lets parallel builds (tests, benchmarks) keep separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The API answers its own 404/405 envelopes; keep URLs exactly as clients send them.
  skipTrailingSlashRedirect: true,
  // Types are checked once by `npm test` (tsc --noEmit); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Browser source maps only for bench/first-load-modules.ts (WEIGHT_SOURCEMAPS=1, in a dist folder of its own).
  productionBrowserSourceMaps: process.env.WEIGHT_SOURCEMAPS === '1',
  // Route modules load when a route is first asked for, not all at start-up: preloading every
  // route kept the CPU busy for the first seconds after listening (decision 048, cold start).
  experimental: { preloadEntriesOnStart: false },
  // The squad designer's zoom without timed transitions (decision 099): in the browser, React
  // Flow's d3-zoom gets transitions that end at once and a straight-line view interpolation,
  // which keeps d3-transition, d3-timer, d3-ease, d3-color and d3-interpolate out of its bundle.
  turbopack: {
    resolveAlias: {
      'd3-transition': { browser: './lib/client/d3/instant-transition.ts' },
      'd3-interpolate': { browser: './lib/client/d3/linear-interpolate.ts' },
    },
  },
};

export default nextConfig;
