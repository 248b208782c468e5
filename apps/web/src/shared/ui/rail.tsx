import type { Key, ReactNode } from 'react';

interface RailProps<T> {
  /** Accessible name of the list. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Width of one item (Tailwind classes); items keep it, the rail scrolls sideways. */
  itemClassName?: string;
}

/** A sideways-scrolling row of cards that runs to the screen edges, snapping to items. */
export function Rail<T>({ label, items, getKey, renderItem, itemClassName = 'w-28' }: RailProps<T>) {
  return (
    <ul
      aria-label={label}
      className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
    >
      {items.map((item) => (
        <li key={getKey(item)} className={`shrink-0 snap-start ${itemClassName}`}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
