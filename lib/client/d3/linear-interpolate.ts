// What the browser bundle gets for 'd3-interpolate' (next.config.ts, turbopack.resolveAlias): only
// React Flow's zoom imports it (`interpolateZoom`, `interpolate`), to interpolate the view during a
// timed transition, and the designer's transitions end at once (./instant-transition.ts), so a
// straight line between the two views is all that is ever evaluated (at t = 1, the end view).
// Keeps d3-interpolate's colour, string and date interpolators (and d3-color) out of the bundle.

type View = number | readonly number[];

function linear(a: View, b: View): (t: number) => View {
  return (t) => {
    if (t >= 1) return b;
    if (typeof a === 'number' || typeof b === 'number') return Number(a) + (Number(b) - Number(a)) * t;
    return a.map((from, i) => from + ((b[i] ?? from) - from) * t);
  };
}

export const interpolate = linear;
export const interpolateZoom = linear;
