import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's `src` (tests run with the web app as the working directory or the repository root).
const SRC =
  [path.resolve('src'), path.resolve('apps/web/src')].find((dir) => fs.existsSync(path.join(dir, 'app/styles.css'))) ??
  '';
const APP = path.join(SRC, 'app');

/** The files and folders styles.css has Tailwind scan (its `@source` lines), as absolute paths. */
function sources(): string[] {
  const css = fs.readFileSync(path.join(APP, 'styles.css'), 'utf8');
  return [...css.matchAll(/^@source '([^']+)';$/gm)].map((m) => path.resolve(APP, m[1] as string));
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.') || /\.(json|css)(\?|$)/.test(specifier)) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(SRC, from)} imports ${specifier}, which does not resolve`);
}

/**
 * The app's modules a visit to the home screen can run without opening another page: everything the
 * entry and the home page import, statically or lazily, except the other pages (app/routes.tsx) and the
 * player the entry starts early for an episode link (main.tsx); those load page-styles.css. So does a
 * lazily loaded part of the home screen that waits for page-styles.css before it draws (its own
 * utilities must still be scanned; what it imports comes with the whole sheet).
 */
function firstLoadModules(): Set<string> {
  const seen = new Set<string>();
  const stack = [path.join(SRC, 'main.tsx'), path.join(SRC, 'pages/home/home-page.tsx')];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    if (/\bimport\('[^']*\/page-styles\.css'\)/.test(code) && !file.startsWith(APP)) continue;
    const lazyLoadsOtherPages = file === path.join(APP, 'routes.tsx') || file === path.join(SRC, 'main.tsx');
    for (const m of code.matchAll(/\bfrom '([^']+)'|\bimport '([^']+)'/g)) {
      const next = resolveModule(file, (m[1] ?? m[2]) as string);
      if (next) stack.push(next);
    }
    if (lazyLoadsOtherPages) continue;
    for (const m of code.matchAll(/\bimport\('([^']+)'\)/g)) {
      const next = resolveModule(file, m[1] as string);
      if (next) stack.push(next);
    }
  }
  return seen;
}

describe('the first load stylesheet', () => {
  it('has Tailwind scan every module of the first load that draws anything', () => {
    const scanned = sources();
    const covered = (file: string) =>
      scanned.some((source) => file === source || file.startsWith(`${source}${path.sep}`));
    const modules = [...firstLoadModules()];
    expect(modules.length).toBeGreaterThan(30);
    const missing = modules
      .filter(
        (file) =>
          !/\.test\.tsx?$/.test(file) && (file.endsWith('.tsx') || fs.readFileSync(file, 'utf8').includes('className')),
      )
      .filter((file) => !covered(file))
      .map((file) => path.relative(SRC, file));
    expect(missing, 'add these to the @source lines of app/styles.css').toEqual([]);
  });

  it('lists only files and folders that exist', () => {
    for (const source of sources()) expect(fs.existsSync(source), source).toBe(true);
  });
});
