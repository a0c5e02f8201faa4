// A determinate progress bar (role="progressbar" with its value) and the percentage next to it.
import './progress.css';

type Props = {
  /** 0…1 */
  value: number;
  label: string;
  /** Shown after the percentage, e.g. "Uploaded". */
  status?: string;
};

export function ProgressBar({ value, label, status }: Props) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress">
      <div className="progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%${status ? `, ${status}` : ''}`}>
        <div className="progress-fill" style={{ width: `${percent}%` }} data-done={percent === 100 || undefined} />
      </div>
      <span className="progress-text small" aria-hidden="true">
        {percent}%{status ? ` · ${status}` : ''}
      </span>
    </div>
  );
}
