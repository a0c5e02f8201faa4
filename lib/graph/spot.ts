// Where a new box goes on the canvas without touching the others. Apart from ./layout so that
// the designer's first load does not carry dagre (decision 028).
export type Point = { x: number; y: number };

type Rect = { x: number; y: number; width: number; height: number };

const overlaps = (a: Rect, b: Rect, gap: number) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/**
 * Where a new box of `size` goes near `at` without touching any of `boxes`: the nearest free cell
 * of a grid of box-sized cells around `at` (below before above, right before left), else `at`
 * shifted down-right past every box.
 */
export function freeSpot(boxes: readonly Rect[], at: Point, size: { width: number; height: number }, gap = 32): Point {
  const cells: Point[] = [];
  const reach = 4;
  for (let i = -reach; i <= reach; i++) {
    for (let j = -reach; j <= reach; j++) cells.push({ x: at.x + i * (size.width + gap), y: at.y + j * (size.height + gap) });
  }
  const distance = (p: Point) => Math.hypot(p.x - at.x, p.y - at.y);
  cells.sort((a, b) => distance(a) - distance(b) || b.y - a.y || b.x - a.x);
  const free = cells.find((cell) => !boxes.some((box) => overlaps({ ...cell, ...size }, box, gap / 2)));
  if (free) return free;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: at.x, y: bottom + gap };
}
