'use client';
// Light and dark (decision 018): the system's setting unless the person picked one. The choice
// lives in localStorage; ./theme-script (inlined in app/layout.tsx) turns it into <html
// data-theme> before the first paint and on every change.
import { useSyncExternalStore } from 'react';

import { THEME_EVENT, THEME_KEY } from './theme-script';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: { value: ThemeChoice; label: string; icon: string }[] = [
  { value: 'system', label: 'System', icon: '◐' },
  { value: 'light', label: 'Light', icon: '☀' },
  { value: 'dark', label: 'Dark', icon: '☾' },
];

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
  window.dispatchEvent(new Event(THEME_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY) onChange();
  };
  media.addEventListener('change', onChange);
  window.addEventListener(THEME_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media.removeEventListener('change', onChange);
    window.removeEventListener(THEME_EVENT, onChange);
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
