// While one task of a large squad is dragged, its still links are drawn as one picture (decision
// 029; measured in bench/RESULTS.md, 2026-11-24, sixth round, "The 1,000-task drag: the still
// links as one picture", and seventh round, "The 1,000-task drag: its first frames"). React Flow gives each link an <svg> of its own: with 1,000 tasks, 1,332
// of them, which the browser sorts into layers again at every frame of a drag (layerize) and whose
// tiles it rasters again wherever the moving links pass. Measured with the links out of the
// picture: 54 → 59 fps, layerize 5–10 → 3–5 ms and raster 4 → 0.3 ms a frame.
//
// So, for the gesture only, React Flow's links container is hidden whole (`sd-edge-snapshot-on`
// on the canvas: one element restyled, its links never looked at) and a picture stands in for it,
// in React Flow's own link container class so that the same CSS draws it:
// - the still links in one <svg>: all lines of a kind (plain, selected, problem) as one <path>,
//   and their arrowheads as one more, each arrowhead React Flow's marker worked out as geometry at
//   its link's end. A few elements for the browser to style and lay out at the first frame, where
//   a copy of each link and its marker took ~25 ms with 1,000 tasks;
// - the dragged task's links in another <svg>, on a layer of their own: a copy of each line,
//   naming its link (COPY_OF), with a copy of the markers under ids of their own. Drag frames
//   (./drag-frame.ts) redraw them, and React Flow's.
// At the drop the picture goes and React Flow's links show again, drawn from its state. The
// picture is inert (aria-hidden, no pointer events, no focus): nothing reads it but the eye.

/** The class on the canvas while the picture stands in for React Flow's links (designer.css). */
const SNAPSHOT_ON = 'sd-edge-snapshot-on';
const SNAPSHOT = 'sd-edge-snapshot';
const MOVING = 'sd-edge-moving';
/** The attribute naming a copied line's link (drag-frame.ts finds the dragged task's by it). */
export const COPY_OF = 'data-copy-of';
/** Appended to the copied markers' ids. */
const COPY_ID = '--sd-copy';
const SVG = 'http://www.w3.org/2000/svg';
const MARKER_URL = /^url\((['"]?)#(.*)\1\)$/;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

const numbers = (text: string | null): number[] => (text?.match(NUMBER) ?? []).map(Number);
const fixed = (n: number) => Math.round(n * 100) / 100;

/** A marker of React Flow's (its definitions), as what its arrowhead is drawn with. */
type Arrowhead = { points: number[]; refX: number; refY: number; scale: number; strokeUnits: boolean; stroke: string; fill: string; width: number };

function arrowheadOf(marker: SVGMarkerElement): Arrowhead | null {
  const shape = marker.querySelector('polyline, polygon');
  const box = numbers(marker.getAttribute('viewBox'));
  if (!shape || box.length !== 4) return null;
  const style = getComputedStyle(shape);
  const scale = Math.min(Number(marker.getAttribute('markerWidth') ?? 3) / box[2], Number(marker.getAttribute('markerHeight') ?? 3) / box[3]);
  return {
    points: numbers(shape.getAttribute('points')),
    refX: Number(marker.getAttribute('refX') ?? 0),
    refY: Number(marker.getAttribute('refY') ?? 0),
    scale,
    strokeUnits: (marker.getAttribute('markerUnits') ?? 'strokeWidth') === 'strokeWidth',
    stroke: style.stroke,
    fill: style.fill,
    width: parseFloat(style.strokeWidth) || 0,
  };
}

/**
 * The arrowhead at the end of line `d` (a path ending in a cubic or straight segment), as path
 * data in the line's coordinates: the marker's shape turned to the line's direction at its end
 * (orient auto) and scaled as the browser scales the marker (`lineWidth` for markerUnits
 * strokeWidth).
 */
function headAt(d: string, head: Arrowhead, lineWidth: number): string {
  const n = numbers(d);
  if (n.length < 4) return '';
  const [x, y] = [n[n.length - 2], n[n.length - 1]];
  // The direction at the end: from the last point before it that differs.
  let dx = 0;
  let dy = 0;
  for (let i = n.length - 4; i >= 0 && dx === 0 && dy === 0; i -= 2) [dx, dy] = [x - n[i], y - n[i + 1]];
  const length = Math.hypot(dx, dy) || 1;
  const [cos, sin] = [dx / length, dy / length];
  const s = head.scale * (head.strokeUnits ? lineWidth : 1);
  let path = '';
  for (let i = 0; i + 1 < head.points.length; i += 2) {
    const px = (head.points[i] - head.refX) * s;
    const py = (head.points[i + 1] - head.refY) * s;
    path += `${i ? 'L' : 'M'}${fixed(x + px * cos - py * sin)},${fixed(y + px * sin + py * cos)}`;
  }
  return path;
}

/**
 * Puts the picture of the links in view in place of React Flow's, with the links in `moving`
 * (ids) apart; nothing when the canvas has no React Flow links container. Reads styles: call it
 * before changing any class the links' styles depend on (no forced style recalculation).
 */
export function showEdgeSnapshot(canvas: HTMLElement, moving: ReadonlySet<string>): void {
  hideEdgeSnapshot(canvas);
  const edges = canvas.querySelector<HTMLElement>(`.react-flow__edges:not(.${SNAPSHOT})`);
  if (!edges) return;
  const still = document.createElementNS(SVG, 'svg');
  const movingSvg = document.createElementNS(SVG, 'svg');
  const defs = edges.querySelector(':scope > svg.react-flow__marker > defs');
  if (defs) {
    const copy = defs.cloneNode(true) as SVGDefsElement;
    for (const element of copy.querySelectorAll('[id]')) element.id += COPY_ID;
    movingSvg.append(copy);
  }
  const heads = new Map<string, Arrowhead | null>();
  const widths = new Map<string, number>();
  const lines = new Map<string, string[]>();
  const arrows = new Map<string, { head: Arrowhead; lineWidth: number; d: string[] }>();
  for (const group of edges.querySelectorAll<SVGGElement>(':scope > svg > g.react-flow__edge')) {
    const line = group.querySelector<SVGPathElement>('path.react-flow__edge-path');
    const id = group.getAttribute('data-id');
    const d = line?.getAttribute('d');
    if (!line || id === null || !d) continue;
    // A selected link is drawn as selected by its group's class in React Flow's; here by its own.
    const kind = `${line.getAttribute('class') ?? ''}${group.classList.contains('selected') ? ' sd-edge-selected' : ''}`;
    const markerId = MARKER_URL.exec(line.getAttribute('marker-end') ?? '')?.[2];
    if (moving.has(id)) {
      const copy = document.createElementNS(SVG, 'path');
      copy.setAttribute('d', d);
      copy.setAttribute('class', kind);
      copy.setAttribute(COPY_OF, id);
      if (markerId) copy.setAttribute('marker-end', `url('#${markerId}${COPY_ID}')`);
      movingSvg.appendChild(copy);
      continue;
    }
    (lines.get(kind) ?? lines.set(kind, []).get(kind)!).push(d);
    if (!markerId) continue;
    if (!heads.has(markerId)) {
      const marker = defs?.querySelector<SVGMarkerElement>(`marker[id="${CSS.escape(markerId)}"]`);
      heads.set(markerId, marker ? arrowheadOf(marker) : null);
    }
    const head = heads.get(markerId);
    if (!head) continue;
    if (!widths.has(kind)) widths.set(kind, parseFloat(getComputedStyle(line).strokeWidth) || 1);
    const key = `${kind}\n${markerId}`;
    const arrow = arrows.get(key) ?? arrows.set(key, { head, lineWidth: widths.get(kind)!, d: [] }).get(key)!;
    arrow.d.push(headAt(d, head, arrow.lineWidth));
  }
  for (const [kind, d] of lines) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('class', kind);
    path.setAttribute('d', d.join(''));
    still.appendChild(path);
  }
  for (const { head, lineWidth, d } of arrows.values()) {
    const path = document.createElementNS(SVG, 'path');
    const width = head.width * head.scale * (head.strokeUnits ? lineWidth : 1);
    path.setAttribute('class', 'sd-edge-heads');
    path.setAttribute('d', d.join(''));
    path.setAttribute('style', `fill:${head.fill};stroke:${head.stroke};stroke-width:${fixed(width)};stroke-linecap:round;stroke-linejoin:round`);
    still.appendChild(path);
  }
  const snapshot = layer(SNAPSHOT, still);
  edges.after(snapshot);
  // The dragged task's links over the tasks, on a layer of their own: redrawn at every frame, they
  // damage no tile of the still picture; under the tasks, such a layer made the browser test
  // every task above it for overlap (layerize 5 → 14 ms a frame with 1,000 tasks).
  const nodes = canvas.querySelector('.react-flow__nodes');
  (nodes ?? snapshot).after(layer(`${SNAPSHOT} ${MOVING}`, movingSvg));
  canvas.classList.add(SNAPSHOT_ON);
}

function layer(className: string, svg: SVGSVGElement): HTMLDivElement {
  const div = document.createElement('div');
  div.className = `react-flow__edges ${className}`;
  div.setAttribute('aria-hidden', 'true');
  div.append(svg);
  return div;
}

/** Takes the picture away and shows React Flow's links again (nothing when there is none). */
export function hideEdgeSnapshot(canvas: HTMLElement): void {
  canvas.classList.remove(SNAPSHOT_ON);
  for (const snapshot of canvas.querySelectorAll(`.${SNAPSHOT}`)) snapshot.remove();
}
