'use client';
// Light and dark (decision 018): the system's setting unless the person picked one. The choice
// lives in localStorage and on <html data-theme>, which ./theme-script (inlined in app/layout.tsx)
// sets before the first paint so that no page flashes the other colours.
import { useSyncExternalStore } from 'react';

import { THEME_KEY } from './theme-script';

export type ThemeChoice = 'system' | 'light' | 'dark';
const EVENT = 'aoc-theme-change';

function readChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    const choice = readChoice();
    if (choice === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = choice;
    onChange();
  };
  media.addEventListener('change', onChange);
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media.removeEventListener('change', onChange);
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The person's choice (system, light or dark). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => 'system');
}

/** The colours in effect: the choice, or the system's setting. */
export function useColorMode(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => {
      const choice = readChoice();
      if (choice !== 'system') return choice;
      return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    },
    () => 'light',
  );
}
