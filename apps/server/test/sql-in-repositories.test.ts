import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Services hold the rules, repositories hold every query: outside a `*.repository.ts` (and db/, where
// the connection, migrations and secrets live), the server's source never builds SQL. One file is
// allowed besides: the leased queue (jobs/queue.ts), infrastructure like db/, whose one claim statement
// runs over the table and conditions its user's repository names (tracking.repository's outbox,
// media-jobs.repository's host jobs).
const ALLOWED = [/^jobs\/queue\.ts$/];

const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql\s*(`|<|\.)/;
const src = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join(src, 'db') ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|repository)\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe('SQL lives in repositories', () => {
  it('no other server source builds a query', () => {
    const offenders = sources(src)
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((rel) => !ALLOWED.some((allowed) => allowed.test(rel)))
      .flatMap((rel) =>
        fs
          .readFileSync(path.join(src, rel), 'utf8')
          .split('\n')
          .flatMap((line, i) => (QUERY.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders, 'move these queries into the module’s *.repository.ts').toEqual([]);
  });
});
