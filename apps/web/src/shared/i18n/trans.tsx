import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from './use-translation';

interface TransProps {
  i18nKey: ParseKeys<'translation'>;
  /** The elements the message's tags stand for: `<privacy>Privacy Policy</privacy>` → `components.privacy` around the text. */
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
  /** Values of the message's `{{placeholders}}` (and `count` for plurals). */
  values?: Record<string, string | number>;
}

const TAG = /<([a-zA-Z0-9]+)>(.*?)<\/\1>/g;

/** A translated sentence with elements inside it (links in consent lines); unknown tags show as their text. */
export function Trans({ i18nKey, components, values }: TransProps) {
  const { t } = useTranslation();
  const message = values ? t(i18nKey, values) : t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, name = '', content = ''] = match;
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, content) : content);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <>{parts}</>;
}
