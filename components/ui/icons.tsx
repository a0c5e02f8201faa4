// The console's few drawn icons: characters that not every system's fonts have (a browser without
// one draws a box, or looks through every installed font for it on first use) are drawn instead.
// Each is 1em square in the current colour, so it takes the size and colour of the text around it
// (28px in an empty state's .state-icon); decorative, hidden from screen readers.
import type { ReactNode } from 'react';

const SHAPES = {
  /** A magnifying glass: search, and "nothing matches". */
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  /** A key: the company's API keys. */
  key: (
    <>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3 20 3M16 7l3 3M14 9l2 2" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export function Icon({ name }: { name: keyof typeof SHAPES }) {
  return (
    <svg className="icon" width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {SHAPES[name]}
    </svg>
  );
}
