// While one task of a large squad is dragged, its still links are drawn as one picture (decision
// 012, sixth round, "The 1,000-task drag: the still links as one picture"). React Flow gives each link an <svg> of its own: with
// 1,000 tasks, 1,332 of them, which the browser sorts into layers again at every frame of a drag
// (layerize) and whose tiles it rasters again wherever the moving links pass. Measured with the
// links out of the picture: 54 → 59 fps, layerize 5–10 → 3–5 ms and raster 4 → 0.3 ms a frame.
//
// So, for the gesture only: React Flow's link <svg>s are hidden (`sd-edge-snapshot-on` on the
// canvas; its marker definitions stay), and a copy of the links in view is put beside them, in
// React Flow's own link container class so that the same CSS draws them: the still links in one
// <svg>, the dragged task's links in another, on a layer of their own. Drag frames
// (./drag-frame.ts) redraw the dragged task's links in both React Flow's <svg>s and the copy; at
// the drop the copy goes and React Flow's links show again, drawn from its state. The copy is
// inert (aria-hidden, no pointer events, no ids): nothing reads it but the eye.

/** The class on the canvas while the copy stands in for React Flow's links (designer.css). */
const SNAPSHOT_ON = 'sd-edge-snapshot-on';
const SNAPSHOT = 'sd-edge-snapshot';
const MOVING = 'sd-edge-moving';
const SVG = 'http://www.w3.org/2000/svg';

/**
 * Puts the copy of the links in view in place of React Flow's, with the links in `moving` (ids)
 * apart; nothing when the canvas has no React Flow links container.
 */
export function showEdgeSnapshot(canvas: HTMLElement, moving: ReadonlySet<string>): void {
  hideEdgeSnapshot(canvas);
  const edges = canvas.querySelector<HTMLElement>('.react-flow__edges');
  if (!edges) return;
  const still = document.createElementNS(SVG, 'svg');
  const movingSvg = document.createElementNS(SVG, 'svg');
  for (const group of edges.querySelectorAll<SVGGElement>(':scope > svg > g.react-flow__edge')) {
    const copy = group.cloneNode(true) as SVGGElement;
    copy.removeAttribute('tabindex');
    copy.removeAttribute('role');
    copy.removeAttribute('aria-label');
    copy.removeAttribute('aria-describedby');
    for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
    // Only what is seen: the wide transparent hit path is for the pointer, and the copy takes none.
    for (const hit of copy.querySelectorAll('.react-flow__edge-interaction')) hit.remove();
    (moving.has(group.getAttribute('data-id') ?? '') ? movingSvg : still).appendChild(copy);
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

/** Takes the copy away and shows React Flow's links again (nothing when there is none). */
export function hideEdgeSnapshot(canvas: HTMLElement): void {
  canvas.classList.remove(SNAPSHOT_ON);
  for (const snapshot of canvas.querySelectorAll(`.${SNAPSHOT}`)) snapshot.remove();
}
