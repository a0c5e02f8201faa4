// The theme's storage key and the script app/layout.tsx inlines in <head>: the one place that
// sets <html data-theme> to the colours in effect (the stored choice, else the system's setting),
// before the first paint (no flash of the other colours) and again whenever the system setting,
// another tab or ./theme's switch changes it. app/globals.css holds the dark palette once, under
// [data-theme='dark']. Kept out of the client module ./theme so that the server layout gets the
// text itself.
export const THEME_KEY = 'aoc-theme';
/** Dispatched on window by ./theme when the person picks a theme. */
export const THEME_EVENT = 'aoc-theme-change';

export const THEME_SCRIPT = `(function(){var d=document.documentElement,m=matchMedia('(prefers-color-scheme: dark)');function a(){var t;try{t=localStorage.getItem('${THEME_KEY}')}catch(e){}d.dataset.theme=t==='light'||t==='dark'?t:m.matches?'dark':'light'}a();m.addEventListener('change',a);addEventListener('storage',a);addEventListener('${THEME_EVENT}',a)})()`;
