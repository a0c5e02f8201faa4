// Giving way to the event loop during long synchronous work, so that the requests that arrived
// meanwhile (and /api/health) run in between (decision 086, decision 095).

/** Resolves on the event loop's next turn, after the input and output that waited. */
export const giveWay = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A pacer for a loop of synchronous steps: `await pace()` after each step gives way to the event
 * loop once `sliceMs` have passed since it last did (and costs nothing otherwise).
 */
export function pacer(sliceMs = 5): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined;
    return giveWay().then(() => {
      sliceStart = performance.now();
    });
  };
}
