import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from '../links/link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-black hover:bg-accent-strong active:bg-accent-strong',
  secondary: 'bg-surface-2 text-fg ring-1 ring-white/10 hover:bg-surface-3',
  ghost: 'text-fg-muted hover:text-fg hover:bg-white/5',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  children: ReactNode;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

export function ButtonLink({ variant = 'primary', className = '', ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, typeof className === 'string' ? className : '')} {...rest} />;
}

interface IconButtonProps extends ComponentProps<'button'> {
  /** Required: an icon-only control needs an accessible name. */
  label: string;
  children: ReactNode;
}

export function IconButton({ label, className = '', type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent ${className}`}
      {...rest}
    />
  );
}
