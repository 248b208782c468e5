import type { ReactNode } from 'react';

interface FormAlertProps {
  children: ReactNode;
  tone?: 'error' | 'info' | 'success';
}

const toneClass = {
  error: 'border-accent/40 bg-accent/10 text-fg',
  info: 'border-white/10 bg-surface-2 text-fg',
  success: 'border-emerald-400/30 bg-emerald-400/10 text-fg',
} as const;

/** A message about a whole form (refused sign-in, expired link), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: FormAlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${toneClass[tone]}`}
    >
      {children}
    </div>
  );
}
