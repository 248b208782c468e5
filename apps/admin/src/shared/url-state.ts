import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A table's view (search text, filters, sort, page; the dashboard's period) kept in the address:
 * Back and Forward return to the same view, a reload keeps it, and a copied link opens it. Each
 * value has a reader that accepts only what the page can show; anything else in the address (an
 * old link, a hand edit) falls back to the default instead of reaching the server or breaking the
 * page.
 */

export interface Param<V> {
  fallback: V;
  /** The value a raw address value stands for, or undefined when it stands for none. */
  read: (raw: string) => V | undefined;
}

type Spec = Record<string, Param<string> | Param<number>>;
export type UrlValues<S extends Spec> = { [K in keyof S]: S[K]['fallback'] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const param = {
  /** Free text (a search), cut to the length the API accepts. */
  text: (max = 254): Param<string> => ({ fallback: '', read: (raw) => raw.slice(0, max) }),
  /** One of a fixed list (a status, a sort column); `fallback` may be '' for "any". */
  oneOf: <V extends string>(values: readonly V[], fallback: V | '' = ''): Param<V | ''> => ({
    fallback,
    read: (raw) => (values.includes(raw as V) ? (raw as V) : undefined),
  }),
  /** A page number, 1 to 100000. */
  page: (): Param<number> => ({
    fallback: 1,
    read: (raw) => (/^[1-9]\d{0,5}$/.test(raw) && Number(raw) <= 100000 ? Number(raw) : undefined),
  }),
  /** A real calendar day `YYYY-MM-DD` ('' when none is chosen, unless a default day is given). */
  day: (fallback = ''): Param<string> => ({
    fallback,
    read: (raw) => {
      if (!DAY.test(raw)) return undefined;
      const d = new Date(`${raw}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : undefined;
    },
  }),
};

/** The values an address's query stands for, each read by its param or given its fallback. */
export function readUrlState<S extends Spec>(spec: S, params: URLSearchParams): UrlValues<S> {
  const values: Record<string, string | number> = {};
  for (const [key, p] of Object.entries(spec)) {
    const raw = params.get(key);
    const value = raw === null ? undefined : p.read(raw);
    values[key] = value ?? p.fallback;
  }
  return values as UrlValues<S>;
}

/** The address query of some values: a value equal to its fallback is left out (short links). */
export function writeUrlState<S extends Spec>(spec: S, values: UrlValues<S>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, p] of Object.entries(spec)) {
    const value = values[key];
    if (value !== undefined && value !== p.fallback && value !== '') params.set(key, String(value));
  }
  return params;
}

/**
 * A page's view in the address. `set` takes the values that change (the others stay) and adds a
 * history entry, so Back returns to the view before; a change that is not a page turn should set
 * `page: 1` itself.
 */
export function useUrlState<S extends Spec>(spec: S): [UrlValues<S>, (change: Partial<UrlValues<S>>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Keyed by the query's text: a new object only when the address changed (stable query keys).
  const values = useMemo(() => readUrlState(spec, new URLSearchParams(search)), [spec, search]);
  // Applied to the address as it is when called (not as last rendered): two quick changes both count.
  const set = useCallback(
    (change: Partial<UrlValues<S>>) => {
      setParams((current) => writeUrlState(spec, { ...readUrlState(spec, current), ...change }));
    },
    [spec, setParams],
  );
  return [values, set];
}

/** The query of an export's address: the view's filters and sort, never its page. */
export function exportQuery(values: Record<string, string | number>, omit: readonly string[] = ['page']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (!omit.includes(key) && value !== '' && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
