import type { ReactNode } from 'react';

/** Pieces of the console's list tables: a header cell that sorts, and a CSV download. */

export type SortDir = 'asc' | 'desc';

/**
 * A column header that sorts the table by its column: the first click sorts in the column's natural
 * direction (`first`: newest or largest first for times and amounts), the next reverses it.
 */
/**
 * The sorting headers of one table: `header(label, column, first, right)` draws a column's header
 * for the view's sort (or `fallback`), and a click sorts by it from the first page.
 */
export function sortHeaders<S extends string>(
  view: { sort: S | ''; dir: SortDir | '' },
  fallback: S,
  setView: (change: { sort: S; dir: SortDir; page: number }) => void,
) {
  const sort = view.sort || fallback;
  const dir = view.dir || 'desc';
  return (label: string, column: S, first: SortDir, right = false) => (
    <SortHeader
      label={label}
      column={column}
      sort={sort}
      dir={dir}
      first={first}
      align={right ? 'right' : 'left'}
      onSort={(s, d) => {
        setView({ sort: s, dir: d, page: 1 });
      }}
    />
  );
}

export function SortHeader<S extends string>({
  label,
  column,
  sort,
  dir,
  first = 'asc',
  onSort,
  align = 'left',
}: {
  label: string;
  column: S;
  sort: S;
  dir: SortDir;
  first?: SortDir;
  onSort: (sort: S, dir: SortDir) => void;
  align?: 'left' | 'right';
}) {
  const active = sort === column;
  const next: SortDir = active ? (dir === 'asc' ? 'desc' : 'asc') : first;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-4 py-2 font-medium ${align === 'right' ? 'text-right' : ''}`}
    >
      <button
        type="button"
        title={`Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'}`}
        className={`inline-flex items-center gap-1 uppercase hover:text-zinc-900 ${active ? 'text-zinc-900' : ''}`}
        onClick={() => {
          onSort(column, next);
        }}
      >
        {label}
        <span aria-hidden="true" className={active ? '' : 'text-zinc-300'}>
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * A link that downloads the rows the current filters find, all pages, as a CSV file (the server
 * names the file and streams it; the console session's cookie goes with the request).
 */
export function DownloadCsv({ href, children = 'Download CSV' }: { href: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border border-zinc-300 bg-white px-4 text-sm font-semibold whitespace-nowrap text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500"
    >
      {children}
    </a>
  );
}
