'use client';
// The sidebar's theme button (the radio group of Settings is ./ThemeSwitch.tsx), in a module of
// its own: the shell is in every console page's first load.
import { Button } from '@/components/ui/Button';
import { setThemeChoice, THEME_CHOICES as CHOICES, useThemeChoice } from './theme';

/** One button that steps System → Light → Dark → System. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const choice = useThemeChoice();
  const index = CHOICES.findIndex((c) => c.value === choice);
  const current = CHOICES[index]!;
  const next = CHOICES[(index + 1) % CHOICES.length]!;
  return (
    <Button
      size="sm"
      className={`btn-sidebar ${className}`.trim()}
      aria-label={`Theme: ${current.label}. Switch to ${next.label}`}
      title={`Theme: ${current.label} (switch to ${next.label})`}
      onClick={() => setThemeChoice(next.value)}
    >
      <span aria-hidden="true">{current.icon}</span>
    </Button>
  );
}
