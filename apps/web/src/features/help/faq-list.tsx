import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../shared/ui/icons/chevron-down';
import type { FaqEntry } from './help-content';
import { Blocks } from './rich-text';

function FaqItem({ entry }: { entry: FaqEntry }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-2xl bg-surface">
      <h2>
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => {
            setOpen(!open);
          }}
          className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left text-[15px] font-semibold text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
        >
          {entry.question}
          <ChevronDownIcon
            className={`size-5 shrink-0 text-fg-subtle transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        className="flex flex-col gap-3 px-4 pb-4 text-[15px] leading-relaxed text-fg-muted"
      >
        <Blocks blocks={entry.answer} />
      </div>
    </li>
  );
}

/** Questions as an accordion: each question is a button that shows or hides its answer (several may be open). */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {entries.map((entry) => (
        <FaqItem key={entry.question} entry={entry} />
      ))}
    </ul>
  );
}
