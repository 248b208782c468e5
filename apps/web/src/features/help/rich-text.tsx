import type { ReactNode } from 'react';
import { Link } from '../../shared/links/link';
import type { Block } from './help-content';

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;
const linkClass = 'font-medium text-fg underline decoration-accent/60 underline-offset-2 hover:decoration-accent';

/** Text with `[label](/path)` links into the app. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', to = '/'] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={to} className={linkClass}>
        {label}
      </Link>,
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Paragraphs and bulleted lists. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <p key={index}>
            <RichText text={block} />
          </p>
        ) : (
          <ul key={index} className="flex list-disc flex-col gap-1.5 pl-5 marker:text-accent">
            {block.map((item, itemIndex) => (
              <li key={itemIndex}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
