// The designer's zoom without timed transitions (decision 099): what the browser bundle gets for
// 'd3-transition' (next.config.ts, turbopack.resolveAlias). d3-zoom imports it for `interrupt` and
// for `selection.transition()`, which React Flow calls only for a view change with a duration
// (Fit view, centring on a new task) and d3-zoom for a double-click zoom. Here such a "transition"
// ends at once: its start listeners, each tween at t = 1 and its end listeners run in a microtask
// (after the caller has set them up, as d3 would in its next frame), so the view lands where the
// animation would have ended. This keeps d3-transition, d3-timer, d3-ease, d3-color and most of
// d3-interpolate (./linear-interpolate.ts) off the designer's way to usable (~13 kB gzip).
import { selection, type Selection } from 'd3-selection';

type Args = [unknown, number, ArrayLike<Element>];
type Listener = (this: Element, ...args: Args) => void;
type Tween = (this: Element, ...args: Args) => ((t: number) => void) | null | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any element, datum and parent, as d3's own types
type AnySelection = Selection<any, any, any, any>;

class InstantTransition {
  /** Listeners by full type name ("end.zoom"): set again under the same name replaces, null removes. */
  private readonly listeners = new Map<string, Listener>();
  private readonly tweens = new Map<string, Tween>();

  constructor(private readonly target: AnySelection) {
    queueMicrotask(() => this.run());
  }

  selection(): AnySelection {
    return this.target;
  }

  // Timing has no meaning when the transition ends at once.
  duration(): this {
    return this;
  }

  ease(): this {
    return this;
  }

  delay(): this {
    return this;
  }

  on(typenames: string, listener: Listener | null): this {
    for (const name of typenames.trim().split(/\s+/)) {
      if (listener) this.listeners.set(name, listener);
      else this.listeners.delete(name);
    }
    return this;
  }

  tween(name: string, factory: Tween | null): this {
    if (factory) this.tweens.set(name, factory);
    else this.tweens.delete(name);
    return this;
  }

  call<A extends unknown[]>(fn: (transition: this, ...args: A) => void, ...args: A): this {
    fn(this, ...args);
    return this;
  }

  private run(): void {
    const { listeners, tweens } = this;
    const emit = (type: 'start' | 'end', node: Element, args: Args) => {
      for (const [name, listener] of listeners) if (name.split('.')[0] === type) listener.apply(node, args);
    };
    this.target.each(function (this: Element, ...args: Args) {
      emit('start', this, args);
      for (const factory of tweens.values()) factory.apply(this, args)?.call(this, 1);
      emit('end', this, args);
    });
  }
}

/** Nothing runs over time, so there is nothing to interrupt. */
export function interrupt(): void {}

const proto = selection.prototype as unknown as { interrupt(): AnySelection; transition(): InstantTransition };
proto.interrupt = function (this: AnySelection) {
  return this;
};
proto.transition = function (this: AnySelection) {
  return new InstantTransition(this);
};
