'use client';
// The theme switch: System, Light or Dark, as a radio group (Settings); the console's sidebar
// has one compact button that steps through them (./ThemeToggle.tsx).
import { toast } from '@/lib/client/toast';
import { setThemeChoice, THEME_CHOICES as CHOICES, useThemeChoice } from './theme';

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
