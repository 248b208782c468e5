import { useId, type ComponentProps, type ReactNode } from 'react';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'children'> {
  label: string;
  /** A field error, shown under the input and announced with it. */
  error?: string | undefined;
  /** Help shown under the input (or any element describing it). */
  hint?: ReactNode;
  /** A control inside the input's right edge (for example show/hide password). */
  trailing?: ReactNode;
  /** Ids of other elements describing the input (a rules checklist). */
  describedBy?: string | undefined;
}

/** A labelled input with its error and hint tied to it (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, hint, trailing, describedBy, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described =
    [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`h-12 w-full rounded-xl bg-surface-2 px-4 text-base text-fg ring-1 placeholder:text-fg-subtle focus:outline-none focus-visible:ring-2 disabled:opacity-60 ${
            error ? 'ring-accent focus-visible:ring-accent' : 'ring-white/10 focus-visible:ring-accent'
          } ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-accent-strong">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="text-xs text-fg-muted">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
