// A V8 CPU profile's self time per node (bench/cpu-profile.ts for the server's, bench/designer-profile.ts
// and bench/first-open-trace.ts for the page's): each sample's time delta added to the node it
// landed in; and the build's browser source maps, to name the page's frames.
import { TraceMap } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
export type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Microseconds of self time per node, the nodes by id, and the whole sampled time. */
export function selfTimes(profile: Profile): { byId: Map<number, ProfileNode>; self: Map<number, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  return { byId, self, total };
}

/**
 * The source map of a script the page loaded from the build in `distDir` (built with browser
 * source maps: WEIGHT_SOURCEMAPS=1), or null; each map read once.
 */
export function browserSourceMaps(distDir: string): (url: string) => TraceMap | null {
  const maps = new Map<string, TraceMap | null>();
  return (url) => {
    if (maps.has(url)) return maps.get(url)!;
    let map: TraceMap | null = null;
    const m = /\/_next\/(static\/.*\.js)$/.exec(new URL(url).pathname);
    if (m) {
      const js = path.join(distDir, m[1]);
      const ref = existsSync(js) ? /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(js, 'utf8'))?.[1] : undefined;
      const file = ref ? path.join(path.dirname(js), ref) : '';
      if (file && existsSync(file)) map = new TraceMap(readFileSync(file, 'utf8'));
    }
    maps.set(url, map);
    return map;
  };
}
