import type { ReactNode } from 'react';
import type { AdminAuditEntry } from '@episodic/contract';
import { LANGUAGE_NAMES, type Language, count, dateTimeSeconds, money } from '../../shared/format';

/**
 * The audit log's recorded values as an operator reads them: language names instead of codes,
 * money with its currency instead of minor units, times to the second, yes/no, and field names in
 * words. The raw values stay one click away (the entry's CSV download keeps them as recorded).
 */

const isLanguage = (key: string): key is Language => Object.hasOwn(LANGUAGE_NAMES, key);
/** Keys whose numbers are money in minor units (the currency is the entry's, else US dollars). */
const MONEY_KEYS = new Set(['price', 'amount', 'refundedAmount']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const LABELS: Record<string, string> = {
  texts: 'Texts',
  titles: 'Titles',
  names: 'Names',
  unlockCost: 'Unlock cost (coins)',
  freeEpisodes: 'Free episodes',
  renewalDays: 'Renews every (days)',
  bonusCoins: 'Bonus coins',
  accentColor: 'Accent colour',
  episodeIds: 'Episode order',
  seriesIds: 'Series',
  tagIds: 'Tabs',
  coinsReversed: 'Coins taken back',
  coinsShort: 'Coins already spent',
  rewardCoinsReversed: 'Bonus coins taken back',
  rewardCoinsShort: 'Bonus coins already spent',
  membershipEndsAt: 'Membership ends',
};

/** A field's name in words: `unlockCost` → "Unlock cost (coins)", `es` → "Spanish". */
export function fieldLabel(key: string): string {
  if (isLanguage(key)) return LANGUAGE_NAMES[key];
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** One recorded value as text (objects are shown by `Readable`, field by field). */
export function readableScalar(value: unknown, key = '', currency = 'USD'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return MONEY_KEYS.has(key) ? money(value, currency) : count(value);
  if (typeof value === 'string') {
    if (key === 'language' && isLanguage(value)) return LANGUAGE_NAMES[value];
    return ISO_TIME.test(value) ? dateTimeSeconds(value) : value;
  }
  return JSON.stringify(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A recorded value, nested objects as indented "Field: value" lines. */
export function Readable({ value, field = '', currency }: { value: unknown; field?: string; currency?: string }) {
  if (Array.isArray(value)) {
    if (value.every((v) => !isPlainObject(v))) return <>{value.map((v) => readableScalar(v)).join(', ') || '—'}</>;
    return (
      <ol className="list-decimal pl-5">
        {value.map((v, i) => (
          <li key={i}>
            <Readable value={v} currency={currency} />
          </li>
        ))}
      </ol>
    );
  }
  if (isPlainObject(value)) {
    const own = typeof value.currency === 'string' ? value.currency : currency;
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="text-zinc-400">—</span>;
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {entries.map(([k, v]) => (
          <Row key={k} label={fieldLabel(k)}>
            <Readable value={v} field={k} currency={own} />
          </Row>
        ))}
      </dl>
    );
  }
  return <>{readableScalar(value, field, currency)}</>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap">{children}</dd>
    </>
  );
}

/** Where an entry's target is shown in the console, when it has a page. */
export function targetLink(entry: Pick<AdminAuditEntry, 'targetType' | 'targetId' | 'seriesId'>): string | null {
  const id = entry.targetId;
  switch (entry.targetType) {
    case 'order':
      return id ? `/commerce/orders/${id}` : '/commerce';
    case 'user':
      return id ? `/users/${id}` : '/users';
    case 'series':
      return id ? `/content/series/${id}` : '/content';
    case 'episode':
      return entry.seriesId ? `/content/series/${entry.seriesId}` : null;
    case 'plan':
      return '/commerce/plans';
    case 'tag':
      return '/content/tags';
    case 'homepage-section':
      return '/homepage';
    case 'setting':
      return '/settings';
    default:
      return null;
  }
}

/** The target in words, for the link: "Order 6f1c2a3b…", "Episode 12". */
export function targetName(entry: Pick<AdminAuditEntry, 'targetType' | 'targetId'>): string {
  const kind = fieldLabel(entry.targetType);
  if (!entry.targetId) return kind;
  const id = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(entry.targetId) ? `${entry.targetId.slice(0, 8)}…` : entry.targetId;
  return `${kind} ${id}`;
}
