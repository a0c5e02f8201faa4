// A page's own state kept in its address (a list's filters, a history's): a shared link, a reload
// or the back button shows the same view. A change shows at once (local state) and is written to
// the address with the browser's history.replaceState, which Next.js keeps in step with
// useSearchParams; the address wins again when it changes by other means (back, a link). Not
// router.replace: these pages render the same on the server whatever their query says (they
// filter in the browser or ask the API themselves), so its server render per change (a request
// at each pause in typing a search) was wasted, and while it ran the page had no <title>
// (Next.js streams the metadata).
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The state `parse` reads from the address, and `write`, which shows a new state and puts
 * `serialize`'s query in the address. `parse` and `serialize` are taken from the first render.
 * `latest`: the state last written or read, for changes made from the one before.
 */
export function useAddressState<T>(parse: (search: URLSearchParams) => T, serialize: (state: T) => string) {
  const search = useSearchParams();
  const pathname = usePathname();
  const codec = useRef({ parse, serialize });
  const [state, setState] = useState(() => parse(search));
  const latest = useRef(state);
  /** Queries written and not yet seen back from useSearchParams (it sees them a render later). */
  const writes = useRef<string[]>([]);

  useEffect(() => {
    const index = writes.current.indexOf(search.toString());
    if (index >= 0) {
      writes.current = writes.current.slice(index + 1);
      if (writes.current.length) return; // a newer change of ours is on its way
    } else {
      writes.current = [];
    }
    latest.current = codec.current.parse(search);
    setState(latest.current);
  }, [search]);

  const write = useCallback(
    (next: T) => {
      latest.current = next;
      setState(next);
      const query = codec.current.serialize(next);
      writes.current.push(query);
      window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );

  return { state, latest, write };
}
