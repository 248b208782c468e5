// `npm test`: everything, in order — lint and formatting, dependency audit, typecheck, build, unit and route tests (the server's on
// PGlite and on PostgreSQL), then the browser journeys. Installs Debian's chromium and ffmpeg when missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll, root } from './lib/build.mjs';
import { ensureDebianPackage } from './lib/system-packages.mjs';

// The in-process build sets NODE_ENV=production (Vite does); the test runs must not inherit it, or
// React loads its production build, which has no act().
const testEnv = { ...process.env };

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const resultsDir = path.join(root, '.tmp/test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function step(name, cmd, args, env = testEnv) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  console.log(`=== ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return res.status === 0;
}

function counts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // Vitest's JSON report, or Playwright's (its `stats`).
    if (report.stats) return { passed: report.stats.expected ?? 0, failed: report.stats.unexpected ?? 0 };
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

try {
  ensureDebianPackage('/usr/bin/chromium', 'chromium');
  ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

let ok = step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
ok = step('formatting (npm run format fixes it)', bin('prettier'), ['--check', '.']) && ok;
// Import cycles (type-only imports aside, dynamic imports included) from every entry the product runs.
ok = step('import cycles', 'npm', ['run', '--silent', 'cycles']) && ok;
ok = step('dependency audit', process.execPath, [path.join(root, 'scripts/audit.mjs')]) && ok;
ok = step('typecheck', 'npm', ['run', '--silent', 'typecheck']) && ok;
console.log('\n=== build');
await buildAll();

const unitReport = path.join(resultsDir, 'unit.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
fs.rmSync(unitReport, { force: true });
fs.rmSync(e2eReport, { force: true });
ok =
  step('unit and route tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ]) && ok;
// Playwright Test, on the build above (traces and screenshots of failed journeys in test-results/).
ok =
  step(
    'browser journeys',
    bin('playwright'),
    ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      ...testEnv,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  ) && ok;

const unit = counts(unitReport);
const e2e = counts(e2eReport);
console.log(`\ntests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
if (!ok) {
  console.error('npm test failed: see the FAILED steps above.');
  process.exit(1);
}
