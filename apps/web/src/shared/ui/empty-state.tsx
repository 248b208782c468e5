import type { ReactNode } from 'react';

interface EmptyStateProps {
  message: string;
  children?: ReactNode;
  className?: string;
}

/** A quiet line saying a place has nothing to show, with an optional action. */
export function EmptyState({ message, children, className = '' }: EmptyStateProps) {
  return (
    <div
      className={`flex min-h-20 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-white/10 px-4 py-5 text-center text-sm text-fg-muted ${className}`}
    >
      {/* Breaks anywhere: a message may quote a long word, such as what was searched. */}
      <p className="max-w-full wrap-anywhere">{message}</p>
      {children}
    </div>
  );
}
