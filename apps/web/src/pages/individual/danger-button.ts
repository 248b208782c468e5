/** A button that ends something for good (deletion, signing out everywhere). */
export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-500/15 px-5 text-sm font-semibold text-red-300 ring-1 ring-red-400/30 hover:bg-red-500/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50';

// Red 600 under white words: on red 500 they do not reach 4.5:1.
export const solidDangerButtonClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-red-600 px-5 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60';
