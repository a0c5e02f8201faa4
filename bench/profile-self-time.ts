// A V8 CPU profile's self time per node (bench/cpu-profile.ts for the server's, bench/designer-profile.ts
// for the page's): each sample's time delta added to the node it landed in.
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
