'use client';
// The theme switch: System, Light or Dark, as a radio group (Settings) or one compact button
// that steps through them (the console's sidebar).
import { toast } from '@/lib/client/toast';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from './theme';

const CHOICES: { value: ThemeChoice; label: string; icon: string }[] = [
  { value: 'system', label: 'System', icon: '◐' },
  { value: 'light', label: 'Light', icon: '☀' },
  { value: 'dark', label: 'Dark', icon: '☾' },
];

export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <fieldset className="theme-switch">
      <legend className="field-label">Theme</legend>
      <div className="segmented">
        {CHOICES.map((c) => (
          <label key={c.value} className="segment">
            <input
              type="radio"
              name="theme"
              value={c.value}
              checked={choice === c.value}
              onChange={() => {
                setThemeChoice(c.value);
                toast.success(c.value === 'system' ? 'Theme follows the system setting' : `${c.label} theme on`);
              }}
            />
            <span aria-hidden="true">{c.icon}</span> {c.label}
          </label>
        ))}
      </div>
      <p className="field-hint">System follows your device’s light or dark setting. Kept in this browser.</p>
    </fieldset>
  );
}

/** One button that steps System → Light → Dark → System. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const choice = useThemeChoice();
  const index = CHOICES.findIndex((c) => c.value === choice);
  const current = CHOICES[index]!;
  const next = CHOICES[(index + 1) % CHOICES.length]!;
  return (
    <button
      type="button"
      className={`btn btn-sm btn-sidebar ${className}`}
      aria-label={`Theme: ${current.label}. Switch to ${next.label}`}
      title={`Theme: ${current.label} (switch to ${next.label})`}
      onClick={() => setThemeChoice(next.value)}
    >
      <span aria-hidden="true">{current.icon}</span>
    </button>
  );
}
