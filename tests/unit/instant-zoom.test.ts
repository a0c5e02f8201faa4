// The designer's zoom without timed transitions (lib/client/d3, decision 099): a view change
// asked for with a duration (Fit view, centring a new task, a double-click zoom) lands on its
// target at once, with d3-zoom's start → zoom → end events and the caller's end listener (React
// Flow resolves its promise there). Here d3-zoom is loaded first, so the shim's selection.transition
// replaces d3-transition's, as the browser bundle's alias does (next.config.ts).
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomTransform } from 'd3-zoom';
import { describe, expect, it } from 'vitest';
import '@/lib/client/d3/instant-transition';
import { interpolate, interpolateZoom } from '@/lib/client/d3/linear-interpolate';

type Node = { __zoom?: ZoomTransform };

describe('instant transitions for the designer’s zoom', () => {
  it('ends a view change with a duration at its target, start → zoom → end, with the caller’s end listener', async () => {
    const node: Node = {};
    const events: string[] = [];
    const behaviour = zoom<Element, unknown>()
      .extent([
        [0, 0],
        [800, 600],
      ])
      .on('start', () => events.push('start'))
      .on('zoom', (event: { transform: ZoomTransform }) => events.push(`zoom ${event.transform.toString()}`))
      .on('end', () => events.push('end'));
    const selection = select(node as unknown as Element);
    const target = zoomIdentity.translate(40, -20).scale(1.5);
    const transition = selection.transition().duration(200).on('end', () => events.push('caller end'));
    behaviour.transform(transition, target);
    expect(events).toEqual([]); // as d3: nothing before the caller has set the transition up
    await Promise.resolve();
    // Listeners of one type run in the order they were added, as d3-dispatch runs them.
    expect(events).toEqual(['start', `zoom ${target.toString()}`, 'caller end', 'end']);
    expect(node.__zoom?.toString()).toBe(target.toString());
  });

  it('interrupts nothing and keeps the selection', () => {
    const selection = select({} as unknown as Element);
    expect(selection.interrupt()).toBe(selection);
    expect(selection.transition().selection()).toBe(selection);
  });

  it('interpolates views in a straight line and answers the end view itself at t = 1', () => {
    const from = [0, 10, 100];
    const to = [20, 30, 300];
    expect(interpolateZoom(from, to)(0.5)).toEqual([10, 20, 200]);
    expect(interpolateZoom(from, to)(1)).toBe(to);
    expect(interpolate(0.1, 0.3)(1)).toBe(0.3);
  });
});
