import type { ReactNode } from 'react';

/**
 * The frame of every icon: 24×24, drawn with the current text colour. Icons are decorative; the control
 * carrying one supplies the accessible name.
 */

export interface IconProps {
  /** Its size (`size-5`) and anything else; an icon has no size of its own. */
  className: string;
}

export function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
