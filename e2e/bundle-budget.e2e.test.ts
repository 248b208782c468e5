import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from './server-process';

interface BudgetResult {
  files: { file: string; bytes: number; gzip: number }[];
  total: number;
  budget: number;
  ok: boolean;
}

test.describe('the viewer app’s first load', () => {
  test('stays within the home route budget (JS + CSS, gzip) and leaves the player out', () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/check-bundle-budget.mjs'), '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const result = JSON.parse(
      run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1),
    ) as BudgetResult;
    const report = `${String(result.total)} bytes gzip of ${String(result.budget)}:\n${result.files.map((f) => `  ${f.file} ${String(f.gzip)}`).join('\n')}`;
    expect(run.status, `${run.stderr}\n${report}`).toBe(0);
    expect(result.ok, report).toBe(true);
    expect(result.total).toBeLessThanOrEqual(result.budget);
    expect(result.files.filter((f) => /videos|hls/i.test(f.file))).toEqual([]);
    expect(result.files.some((f) => f.file.endsWith('.css'))).toBe(true);
  });
});
