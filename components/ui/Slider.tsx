'use client';
// A range slider that shows its current value next to it.
import type { Ref } from 'react';
import type { FieldAria } from './form/Field';

type Props = FieldAria & {
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  min: number;
  max: number;
  step: number;
  /** Words under the two ends of the scale, e.g. "Deterministic" / "Creative". */
  scale?: [string, string];
  disabled?: boolean;
  format?: (value: number) => string;
  ref?: Ref<HTMLInputElement>;
};

export function Slider({ value, onChange, onBlur, min, max, step, scale, disabled, format = (v) => v.toFixed(2), ref, ...aria }: Props) {
  const safe = Number.isFinite(value) ? value : min;
  return (
    <div>
      <div className="slider">
        <input
          type="range"
          {...aria}
          ref={ref}
          min={min}
          max={max}
          step={step}
          value={safe}
          disabled={disabled}
          aria-valuetext={format(safe)}
          onChange={(e) => onChange(Number(e.target.value))}
          onBlur={onBlur}
        />
        <output htmlFor={aria.id} aria-live="polite">
          {format(safe)}
        </output>
      </div>
      {scale && (
        <div className="slider-scale" aria-hidden="true">
          <span>{scale[0]}</span>
          <span>{scale[1]}</span>
        </div>
      )}
    </div>
  );
}
