import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../ui/button';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** Said while the form is being sent. */
  pendingLabel: string;
  variant?: ButtonVariant;
  className?: string;
}

/** A form's full-width submit button that shows and announces its loading state without changing size. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  variant = 'primary',
  className = 'w-full',
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={pending}
      aria-busy={pending || undefined}
      className={`h-12 ${className}`}
    >
      {pending ? (
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin" fill="none">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span>{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
