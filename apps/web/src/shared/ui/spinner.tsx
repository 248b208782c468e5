interface SpinnerProps {
  /** Accessible text; omit when a surrounding element already announces the loading state. */
  label?: string;
  /**
   * Size, and colour: without a colour class it takes the text's around it, so it shows on an accent
   * button (an accent spinner would vanish there).
   */
  className?: string;
}

export function Spinner({ label, className = 'size-6 text-accent' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center justify-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A shimmering block that holds the exact place of content still loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`skeleton block rounded-lg ${className}`} />;
}
