// The console's global keys, listened to from the first paint (issue 23): app/layout.tsx inlines
// this script in <head>, so Ctrl/⌘+K and `?` pressed while the page is still loading (a slow
// laptop, a loaded CI machine) are not lost. The script is the one place that tells which key asks
// for which overlay; until ./KeyboardShortcuts has mounted and called `listen`, it queues what was
// asked, and `listen` replays the queue in order. Kept out of the client module so that the server
// layout gets the text itself (as ./theme-script).
export type ShortcutIntent = 'palette' | 'shortcuts';
/** Answers whether the request was acted on (the key's default is then prevented). */
export type ShortcutHandler = (intent: ShortcutIntent) => boolean;

declare global {
  interface Window {
    /** Set by SHORTCUT_SCRIPT; `listen` returns the function that stops listening. */
    __aocShortcuts?: { listen: (handler: ShortcutHandler) => () => void };
  }
}

// Ctrl/⌘+K: the palette, from anywhere. `?`: the shortcuts, unless typed in a text field, taken by
// a page (defaultPrevented) or pressed while a dialog is open.
export const SHORTCUT_SCRIPT = `(function(){var q=[],h=null;function typing(t){return t instanceof HTMLElement&&(t.isContentEditable||!!t.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]'))}function intent(e){var k=typeof e.key==='string'?e.key:'';if((e.ctrlKey||e.metaKey)&&!e.altKey&&!e.shiftKey&&k.toLowerCase()==='k')return'palette';if(k==='?'&&!e.ctrlKey&&!e.metaKey&&!e.altKey&&!e.defaultPrevented&&!typing(e.target)&&!document.querySelector('dialog[open]'))return'shortcuts';return null}addEventListener('keydown',function(e){var i=intent(e);if(!i)return;if(h?h(i):(q.push(i),true))e.preventDefault()});window.__aocShortcuts={listen:function(f){h=f;var p=q;q=[];p.forEach(function(i){f(i)});return function(){if(h===f)h=null}}}})()`;
