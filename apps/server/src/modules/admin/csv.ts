import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV downloads of the console's tables (RFC 4180: comma-separated, CRLF line ends, a field with a
 * comma, quote or line break quoted and its quotes doubled). Written here rather than taken from a
 * library because the part a library would add is those three lines; the formula guard below is
 * needed either way.
 */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula: a buyer's email or a series title could then fetch a URL or run a command on the
 * operator's computer. Such a text is written with a leading apostrophe, which spreadsheets show as
 * text. Numbers are written as numbers (a refund's negative amount stays a number).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** An amount in minor units as a decimal (`1999` → `19.99`), the form spreadsheets add up. */
export const csvMoney = (minor: number): string => (minor / 100).toFixed(2);

/** How many rows one query of an export reads: the download streams page after page. */
export const EXPORT_BATCH = 500;
/** No download runs without end: a filter narrows a bigger table. */
export const EXPORT_MAX_ROWS = 200_000;

/**
 * Rows of a listing read batch after batch (`read(offset, limit)`), for a download: stops at the
 * first short batch or at the cap.
 */
export async function* batches<T>(read: (offset: number, limit: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
    const rows = await read(offset, Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - offset));
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * Sends a CSV download named `episodic-<name>-<UTC date>.csv`: the header, then each row as it is
 * read (nothing holds the whole file). A byte-order mark first, so spreadsheets read UTF-8 text
 * (accents, other scripts) as such.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  rows: AsyncIterable<T>,
  line: (row: T) => readonly CsvValue[],
): FastifyReply {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const row of rows) yield csvLine(line(row));
  }
  return reply
    .header(
      'content-disposition',
      `attachment; filename="episodic-${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .header('cache-control', 'no-store')
    .type('text/csv; charset=utf-8')
    .send(Readable.from(lines()));
}
