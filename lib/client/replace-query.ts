// Writes a page's own state (a list's filters, a history's) to its address without a navigation:
// the browser's history.replaceState, which Next.js keeps in step with useSearchParams. The list
// and history pages render the same on the server whatever their query says (they filter in
// the browser or ask the API themselves), so router.replace's server render per change, a
// request for each key typed into a search box, was wasted; while it was under way the page
// even had no <title> (Next.js streams the metadata).
export function replaceQuery(pathname: string, query: string): void {
  window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
}
