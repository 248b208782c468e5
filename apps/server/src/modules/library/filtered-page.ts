import type { Page } from '@episodic/contract';

/**
 * A page of a viewer's list whose rows are dropped after reading by rules other modules own (a series
 * no longer shown, archived content the viewer does not keep). Paging the rows and then dropping some
 * gave short pages that said `hasMore` and moved items between pages; here a page is cut from the
 * kept items, reading rows from the start in batches until one past the page's end is kept. The first
 * read is as large as the page's end, so a list that drops nothing costs one read as before; a viewer's
 * list is short (their history, list or unlocks), so reading it from the start stays cheap.
 */
export async function filteredPage<Row, Item>(
  read: (offset: number, limit: number) => Promise<Row[]>,
  keep: (rows: Row[]) => Promise<Item[]>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<Item>> {
  const start = (page - 1) * pageSize;
  const wanted = start + pageSize + 1;
  const kept: Item[] = [];
  let offset = 0;
  let limit = wanted;
  for (;;) {
    const rows = await read(offset, limit);
    kept.push(...(await keep(rows)));
    offset += rows.length;
    if (rows.length < limit || kept.length >= wanted) break;
    // Dropped rows are usually few: ask for twice the shortfall, at least a page.
    limit = Math.max(pageSize, 2 * (wanted - kept.length));
  }
  return { items: kept.slice(start, start + pageSize), page, pageSize, hasMore: kept.length > start + pageSize };
}
