// `npm test`: everything — lint and formatting, import cycles, dependency audit, typecheck and build
// (two lanes at once: each step is single-threaded or waits on the network, and two cores are the
// usual machine), then unit and route tests (the server's on PGlite and on PostgreSQL), then the
// browser journeys. Installs Debian's chromium and ffmpeg when missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './lib/build.mjs';
import { ensureDebianPackage } from './lib/system-packages.mjs';

// The build sets NODE_ENV=production (Vite does); the test runs must not inherit it, or React loads
// its production build, which has no act().
const testEnv = { ...process.env };

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const resultsDir = path.join(root, '.tmp/test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * Runs one step. `quiet` steps run beside another lane: their output is held and printed in one
 * block when they end, so two lanes never interleave; the others print as they go.
 */
function step(name, cmd, args, { env = testEnv, quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n=== ${name}`);
  const child = spawn(cmd, args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  child.stdout?.on('data', (d) => output.push(d));
  child.stderr?.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    const done = (code) => {
      const ok = code === 0;
      if (quiet) {
        console.log(`\n=== ${name}`);
        const text = Buffer.concat(output).toString().trimEnd();
        if (text) console.log(text);
      }
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(started)})`);
      resolve(ok);
    };
    child.on('error', (err) => {
      output.push(Buffer.from(String(err)));
      done(1);
    });
    child.on('close', done);
  });
}

/** Runs steps one after another, all of them even after a failure; true when all passed. */
async function lane(steps) {
  let ok = true;
  for (const s of steps) ok = (await s()) && ok;
  return ok;
}

const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);

/**
 * Playwright's report nests suites; yields each test of `status` as one line: 'unexpected' (failed) with
 * the error of its last try, 'flaky' (passed on a retry) with the error of its first.
 */
function* playwrightTests(suite, status) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== status) continue;
      const results = test.results ?? [];
      const error = (status === 'flaky' ? results.find((r) => r.error) : results.at(-1))?.error?.message;
      yield `${spec.file}:${spec.line} › ${spec.title}\n    ${firstLine(error)}`;
    }
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, status);
}

/** Counts of a run, and a line per failed test: the end of the output is often all a CI log keeps. */
function summary(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // Vitest's JSON report, or Playwright's (its `stats`).
    if (report.stats) {
      const failures = (report.suites ?? []).flatMap((s) => [...playwrightTests(s, 'unexpected')]);
      const flaky = (report.suites ?? []).flatMap((s) => [...playwrightTests(s, 'flaky')]);
      return {
        passed: (report.stats.expected ?? 0) + (report.stats.flaky ?? 0),
        failed: report.stats.unexpected ?? 0,
        failures,
        flaky,
      };
    }
    const failures = (report.testResults ?? []).flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      // A file that failed outside its tests (an import error, an unhandled rejection) has none failed.
      if (tests.length === 0 && file.status === 'failed') return [`${name}\n    ${firstLine(file.message)}`];
      return tests.map((t) => `${name} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
    });
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, failures };
  } catch {
    return { passed: 0, failed: 1, failures: [`${path.relative(root, file)}: no report written`] };
  }
}

try {
  ensureDebianPackage('/usr/bin/chromium', 'chromium');
  ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const checksStarted = Date.now();
const quiet = { quiet: true };
const [checksOk, buildOk] = await Promise.all([
  lane([
    () => step('lint', bin('eslint'), ['--max-warnings', '0', '.'], quiet),
    () => step('formatting (npm run format fixes it)', bin('prettier'), ['--check', '.'], quiet),
    // Import cycles (type-only imports aside, dynamic imports included) from every entry the product runs.
    () => step('import cycles', 'npm', ['run', '--silent', 'cycles'], quiet),
  ]),
  lane([
    () => step('dependency audit', process.execPath, [path.join(root, 'scripts/audit.mjs')], quiet),
    () => step('typecheck', 'npm', ['run', '--silent', 'typecheck'], quiet),
  ]).then(async (ok) => (await step('build', process.execPath, [path.join(root, 'scripts/build.mjs')], quiet)) && ok),
]);
console.log(`\n=== checks and build: ${checksOk && buildOk ? 'ok' : 'FAILED'} (${seconds(checksStarted)})`);
let ok = checksOk && buildOk;

const unitReport = path.join(resultsDir, 'unit.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
fs.rmSync(unitReport, { force: true });
fs.rmSync(e2eReport, { force: true });
ok =
  (await step('unit and route tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ])) && ok;
// Playwright Test, on the build above (traces and screenshots of failed journeys in test-results/).
if (buildOk) {
  ok =
    (await step(
      'browser journeys',
      bin('playwright'),
      ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
      {
        env: { ...testEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
      },
    )) && ok;
} else {
  console.log('\n=== browser journeys: not run (the build FAILED)');
}

const unit = summary(unitReport);
const e2e = buildOk ? summary(e2eReport) : { passed: 0, failed: 0, failures: [] };
const failures = [...unit.failures, ...e2e.failures];
// Journeys retried once in CI (playwright.config.ts): one that passed only on its retry is named here.
if (e2e.flaky?.length) console.log(`\npassed on a second try:\n${e2e.flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
if (!ok) {
  console.error('npm test failed: see the FAILED steps above.');
  process.exit(1);
}
