import {
  useEffect,
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { NavLink } from 'react-router';
import type { FieldErrors } from '@episodic/contract';
import { isApiError } from './api';

/** The page's title and purpose, its actions on the right; also names the browser tab. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Episodic Console`;
  }, [title]);
  return (
    <header className="mb-6 flex items-start justify-between gap-6">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 max-w-3xl text-sm text-zinc-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** Sub-navigation of a section. */
export function Tabs({ items }: { items: { to: string; label: string; end?: boolean }[] }) {
  return (
    <nav aria-label="Pages" className="mb-6 flex gap-1 border-b border-zinc-200">
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-orange-600 text-orange-700' : 'border-transparent text-zinc-600 hover:text-zinc-900'}`
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-zinc-900 text-white hover:bg-zinc-700',
  secondary: 'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100',
  danger: 'bg-red-600 text-white hover:bg-red-500',
  ghost: 'text-zinc-700 hover:bg-zinc-100',
};

export function Button({
  variant = 'secondary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' }) {
  const sizing = size === 'sm' ? 'h-8 px-3 text-sm' : 'h-10 px-4 text-sm';
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-50 ${sizing} ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

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

export function TextInput({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        className={`h-10 ${inputClass(Boolean(error))}`}
        {...props}
      />
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

type Tone = 'green' | 'gray' | 'orange' | 'red' | 'blue';
const TONES: Record<Tone, string> = {
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  gray: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20',
  orange: 'bg-orange-50 text-orange-700 ring-orange-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
};

export function Badge({ tone = 'gray', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 ${className}`}>
      {title || actions ? (
        <div className="mb-4 flex items-center justify-between gap-4">
          {title ? <h2 className="text-base font-semibold">{title}</h2> : <span />}
          {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  hasMore,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-zinc-600">
      <span>{total === 0 ? 'Nothing found' : `${first}–${last} of ${total}`}</span>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPage(page - 1);
          }}
        >
          Previous
        </Button>
        <Button
          size="sm"
          disabled={!hasMore}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-10 text-center text-sm text-zinc-500">
      {label}
    </p>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error && error.message ? error.message : 'This could not be loaded.';
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-5 text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-medium">{message}</p>
      {retry ? (
        <Button size="sm" className="mt-3" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center text-sm text-zinc-500">
      {children}
    </p>
  );
}

/** A modal panel over the page; Escape or the close button dismiss it. */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-zinc-900/40 p-10">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl bg-white shadow-xl ring-1 ring-zinc-200`}
      >
        <div className="flex items-center justify-between border-b border-zinc-200 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            className="rounded-md px-2 text-xl text-zinc-500 hover:bg-zinc-100"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="px-6 py-5">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-zinc-200 px-6 py-4">{footer}</div> : null}
      </div>
    </div>
  );
}

/**
 * A confirmation that asks why (disable, refund, operator access): what happens, a reason for the
 * audit log, and one submit. The form keeps what was typed while the request runs or fails.
 */
export function ReasonDialog({
  title,
  intro,
  submitLabel,
  variant,
  pending,
  error,
  reasonLabel = 'Reason',
  hint,
  autoFocus,
  onSubmit,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  variant: Variant;
  pending: boolean;
  error: unknown;
  reasonLabel?: string;
  hint?: string;
  autoFocus?: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const { fields } = formErrors(error);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={variant} type="submit" form={formId} disabled={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(reason);
        }}
      >
        <FormMessage error={error} />
        <p className="text-sm text-zinc-700">{intro}</p>
        <TextArea
          label={reasonLabel}
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={fields.reason}
          hint={hint}
          autoFocus={autoFocus}
        />
      </form>
    </Dialog>
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

/** A small definition list of label and value pairs. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="text-zinc-500">{label}</dt>
          <dd className="min-w-0 text-zinc-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
