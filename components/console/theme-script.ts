// The theme's storage key and the script app/layout.tsx inlines in <head>: it applies a stored
// choice before the first paint (no flash of the other colours). Kept out of the client module
// ./theme so that the server layout gets the text itself.
export const THEME_KEY = 'aoc-theme';

export const THEME_SCRIPT = `try{var t=localStorage.getItem('${THEME_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
