// `npm run bench [-- name ...] [-- --seconds N]`: runs the named benchmarks (all by default), one
// after another; each prints its figures and writes bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// A word right after an option (`--seconds 5`, `--runs 3`) is that option's value, not a name.
const names = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const passthrough = process.argv.slice(2).filter((a) => !names.includes(a));
const all = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const chosen = names.length ? names : all;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`No benchmark named ${name}. Known: ${all.join(', ')}`);
    process.exit(1);
  }
  console.log(`\n### ${name}`);
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, `${name}.bench.ts`), ...passthrough],
    { stdio: 'inherit' },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}
