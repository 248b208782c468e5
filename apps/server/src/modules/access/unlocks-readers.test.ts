import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

/**
 * Files that read the `unlocks` table, each with why. Whether a viewer may play an episode is asked
 * of the access module only; the others read unlocks for something else than an access decision.
 */
const READERS: Record<string, string> = {
  'modules/access/access.repository.ts':
    'access decisions, what a viewer unlocked (/unlocked), and the archived episodes they keep',
  'modules/billing/billing-merge.repository.ts':
    'merging accounts (the unlocks move; coins back for episodes both had unlocked), the data download',
  'modules/accounts/accounts.repository.ts': 'guests with nothing worth keeping are purged',
  'modules/admin/content.repository.ts': 'the console counts unlocks per episode',
  'modules/admin/publication.repository.ts': 'the console counts who unlocked a series before taking it out',
  'modules/admin/users.repository.ts': "the console shows an account's unlocks",
  'modules/billing/refunds.repository.ts': 'a refund says what its coins bought, and may take those unlocks back',
};

/** A query that reads the table: `selectFrom('unlocks…')` or SQL `FROM unlocks` / `JOIN unlocks`. */
const READS_UNLOCKS = /selectFrom\(\s*['"]unlocks\b|\b(?:FROM|JOIN)\s+unlocks\b/i;

async function sources(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('who reads unlocks', () => {
  it('is the access module for access, and only the listed files for anything else', async () => {
    const readers: string[] = [];
    for (const file of await sources(SRC)) {
      if (READS_UNLOCKS.test(await fs.readFile(path.join(SRC, file), 'utf8'))) readers.push(file);
    }
    expect(readers.sort()).toEqual(Object.keys(READERS).sort());
  });
});
