interface ProgressBarProps {
  /** Done so far, from 0 to 1 (clamped). */
  value: number;
  /** Accessible name; without it the bar is decorative (say the progress in text nearby). */
  label?: string;
  className?: string;
}

/** A thin progress bar (watch progress, uploads). */
export function ProgressBar({ value, label, className = '' }: ProgressBarProps) {
  const ratio = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  const percent = Math.round(ratio * 100);
  return (
    <div
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-valuemin={label ? 0 : undefined}
      aria-valuemax={label ? 100 : undefined}
      aria-valuenow={label ? percent : undefined}
      aria-hidden={label ? undefined : true}
      className={`h-1 w-full overflow-hidden rounded-full bg-white/15 ${className}`}
    >
      <div className="h-full rounded-full bg-accent" style={{ width: `${String(percent)}%` }} />
    </div>
  );
}
