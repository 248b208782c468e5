import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldErrors } from '@episodic/contract';
import { isApiError } from './api';

// The console's form fields (label, hint, error, all wired for screen readers) and a form's refusal.

const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border px-3 text-sm text-zinc-900 outline-none focus:ring-2 disabled:bg-zinc-100 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
      : 'border-zinc-300 focus:border-orange-500 focus:ring-orange-200'
  }`;

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  className = '',
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** A text or number input; `suffix` is its unit, written inside the box after the value ("coins"). */
export function TextInput({
  label,
  error,
  hint,
  className,
  suffix,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { suffix?: string }) {
  const id = useId();
  const input = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={described(id, error, hint)}
      className={`h-10 ${inputClass(Boolean(error))} ${suffix ? 'pr-16' : ''}`}
      {...props}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {suffix ? (
        <div className="relative">
          {input}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-zinc-500"
          >
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        className={`min-h-24 py-2 ${inputClass(Boolean(error))}`}
        {...props}
      />
    </FieldFrame>
  );
}

export function SelectInput({
  label,
  error,
  hint,
  className,
  options,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        className={`h-10 bg-white ${inputClass(Boolean(error))}`}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-zinc-800">
      <input
        type="checkbox"
        className="size-4 accent-orange-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
      />
      {label}
    </label>
  );
}

/** Field errors (422) and the message of a refusal that is not shown as a toast. */
export function formErrors(error: unknown): { fields: FieldErrors; message: string } {
  if (!error) return { fields: {}, message: '' };
  if (!isApiError(error)) return { fields: {}, message: 'Something went wrong, please try again.' };
  const fields = error.fields ?? {};
  // Code-500 messages are toasts already; a form with field errors says so by its fields.
  const message = error.code === 500 || Object.keys(fields).length > 0 ? '' : error.message;
  return { fields, message };
}

export function FormMessage({ error }: { error: unknown }) {
  const { fields, message } = formErrors(error);
  const count = Object.keys(fields).length;
  const text = message || (count > 0 ? 'Please check the highlighted fields.' : '');
  if (!text) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {text}
    </p>
  );
}
