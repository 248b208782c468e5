import type { ReactNode } from 'react';

/** Player icons (decorative: every control carrying one has its own accessible name). */

interface IconProps {
  className?: string;
}

function Svg({ className = 'size-6', children, filled = false }: IconProps & { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <rect x="6.5" y="5" width="4" height="14" rx="1" />
      <rect x="13.5" y="5" width="4" height="14" rx="1" />
    </Svg>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m15 5-7 7 7 7" />
    </Svg>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 15V4m0 0L8 8m4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0-1-1h-1" />
    </Svg>
  );
}

export function EpisodesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="4" width="17" height="16" rx="2" />
      <path d="M8 9h8M8 12.5h8M8 16h5" />
    </Svg>
  );
}

export function BookmarkFilledIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M6.5 3.5h11a.5.5 0 0 1 .5.5v16.5a.5.5 0 0 1-.8.4L12 16.6l-5.2 4.3a.5.5 0 0 1-.8-.4V4a.5.5 0 0 1 .5-.5Z" />
    </Svg>
  );
}

export function MutedIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4Z" />
      <path d="m16 9.5 5 5m0-5-5 5" />
    </Svg>
  );
}

export function SlidersIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h9m4 0h3M4 17h3m4 0h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </Svg>
  );
}
