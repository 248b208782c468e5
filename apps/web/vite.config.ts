import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { build as bundle, transformSync } from 'esbuild';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { RoutePreloads } from './src/boot/early-start';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const HOME_PAGE = fileURLToPath(new URL('src/pages/home/home-page.tsx', import.meta.url));
const EARLY_START = fileURLToPath(new URL('src/boot/early-start.ts', import.meta.url));
const EARLY_START_TAG = '<script type="text/x-early-start"></script>';
const EARLY_PLAYER = fileURLToPath(new URL('src/boot/early-player.ts', import.meta.url));
/** Where the server may write the early player into a first visit's document (server: http/inline-player.ts). */
const INLINE_PLAYER_TAG = '<!--early-player-->';
const HOME_FOLDER = /[\\/]src[\\/]pages[\\/]home[\\/]/;
let homeImports: Set<string> | undefined;

/**
 * The app's own modules the home page imports (transitively), other than the home page itself: they go
 * into one chunk instead of a handful of tiny shared ones. Packages are not walked into, because a
 * package's index re-exports everything, used or not.
 */
function homeChunk(id: string, graph: ModuleGraph): string | null {
  homeImports ??= reachable(HOME_PAGE, graph, false);
  return homeImports.has(id) && !HOME_FOLDER.test(id) ? 'home-shared' : null;
}

const VIDEOS_PAGE = fileURLToPath(new URL('src/pages/videos/videos-page.tsx', import.meta.url));
let playerImports: Set<string> | undefined;

/** Every module `from` imports statically, transitively (packages' own imports too when `packages`). */
function reachable(from: string, graph: ModuleGraph, packages: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const next of graph.getModuleInfo(current)?.importedIds ?? [])
      if (packages || !next.includes('node_modules')) stack.push(next);
  }
  return seen;
}

/**
 * What the player page imports that the home page does not (app code and packages), other than the
 * page itself: one chunk instead of about twenty small shared ones. On HTTP/1.1 each of those waited
 * for one of six connections, one round trip each, and the page could not run before the last: the
 * first frame of a cold open came ~300 ms after the first segment (bench/first-frame.bench.ts). Pages
 * that share a few of these modules load the chunk, once. Whatever home reaches (packages walked in,
 * since a package's index imports all of it) stays out, so the first load of `/` is unchanged.
 */
function playerChunk(id: string, graph: ModuleGraph): string | null {
  if (!playerImports) {
    const home = reachable(HOME_PAGE, graph, true);
    playerImports = new Set([...reachable(VIDEOS_PAGE, graph, true)].filter((m) => !home.has(m)));
    playerImports.delete(VIDEOS_PAGE);
  }
  return playerImports.has(id) ? 'player-shared' : null;
}

interface EmittedFile {
  fileName: string;
  source: string;
}

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

/**
 * index.html's inline script, bundled from src/boot/early-start.ts (with the contract's constants and
 * the app's route patterns it imports) into one function, for browsers from 2015 on.
 */
async function earlyStartScript(preloads: RoutePreloads, minify: boolean): Promise<string> {
  const { outputFiles } = await bundle({
    entryPoints: [EARLY_START],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2015',
    minify,
    legalComments: 'none',
    define: { __ROUTE_PRELOADS__: JSON.stringify(preloads) },
  });
  return `<script>${outputFiles[0]!.text.trim()}</script>`;
}

/**
 * index.html's early player (src/boot/early-player.ts), bundled with hls.js on its own, in two forms:
 * - a module, imported by the inline script on a cold open of an episode: it is the first frame's only
 *   code. The app's chunks never import it (the app then uses the hls.js it brought), so it stays out of
 *   Vite's graph;
 * - a classic script that sets `window.__episodicEarlyPlayerCode`, which the server writes into the
 *   document of a first visit instead (server: http/inline-player.ts): the document then brings it, a
 *   round trip sooner than a file it names.
 */
async function earlyPlayerModules(): Promise<{ module: EmittedFile; inline: EmittedFile }> {
  const build = async (name: string, options: { format: 'esm' } | { format: 'iife'; globalName: string }) => {
    const { outputFiles } = await bundle({
      entryPoints: [EARLY_PLAYER],
      bundle: true,
      write: false,
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      ...options,
    });
    const source = outputFiles[0]!.text;
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
    return { fileName: `assets/${name}-${hash}.js`, source };
  };
  return {
    module: await build('early-player', { format: 'esm' }),
    inline: await build('early-player-inline', { format: 'iife', globalName: '__episodicEarlyPlayerCode' }),
  };
}

/**
 * Writes index.html's inline script (src/boot/early-start.ts) in place of its placeholder tag, with the
 * table of the chunks each landing page needs, so the page's code (and, on the player page, hls.js and
 * the language's messages) downloads while the entry is still loading instead of after it has run:
 * `{ home, videos, messages: { <language>: file }, entry }`, paths from the site root (scripts, and on
 * the player page the pages' stylesheet too). The dev server's script has an empty table.
 */
function earlyStart(): Plugin {
  let earlyPlayerFile: string | undefined;
  let inlinePlayerFile: string | undefined;
  let serving = false;
  return {
    name: 'episodic-early-start',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    async buildStart() {
      // The dev server's index.html has no chunk table, so no early player either.
      if (serving) return;
      const { module, inline } = await earlyPlayerModules();
      for (const file of [module, inline]) this.emitFile({ type: 'asset', ...file });
      earlyPlayerFile = module.fileName;
      inlinePlayerFile = inline.fileName;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(EARLY_START_TAG) || !html.includes(INLINE_PLAYER_TAG))
          throw new Error(`early start: index.html has no ${EARLY_START_TAG} or ${INLINE_PLAYER_TAG} placeholder`);
        if (!ctx.bundle) {
          const script = await earlyStartScript({}, false);
          return html.replace(EARLY_START_TAG, () => script);
        }
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk') as unknown as BundleChunk[];
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const next of byFile.get(file)?.imports ?? []) walk(next, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        const module = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        const needs = (page: string, dynamic: string[] = []) => {
          const chunk = module(page);
          if (!chunk) throw new Error(`route preloads: no chunk for ${page}`);
          // The biggest download (hls.js on the player page) first: with six connections the rest queue.
          const files = new Set<string>();
          for (const suffix of dynamic) {
            const extra = module(suffix);
            if (!extra) throw new Error(`route preloads: no chunk for ${suffix}`);
            walk(extra.fileName, files);
          }
          walk(chunk.fileName, files);
          return [...files].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
        };
        const messages: Record<string, string> = {};
        for (const language of ['en', 'es', 'fy', 'dy', 'pt']) {
          const chunk = module(`/locales/${language}.json${language === 'en' ? '?raw' : ''}`);
          if (!chunk) throw new Error(`route preloads: no messages chunk for ${language}`);
          messages[language] = `/${chunk.fileName}`;
        }
        // Every page but home waits for page-styles.css (app/routes.tsx).
        const pageStyles = Object.values(ctx.bundle).find(
          (f) => f.type === 'asset' && /(^|\/)page-styles-[^/]*\.css$/.test(f.fileName),
        );
        if (!pageStyles) throw new Error('route preloads: no page-styles stylesheet');
        const videos = needs('/src/pages/videos/videos-page.tsx', [
          '/hls.js/dist/hls.light.mjs',
          '/src/features/player/lazy.ts',
        ]);
        videos.splice(1, 0, `/${pageStyles.fileName}`);
        const hls = module('/hls.js/dist/hls.light.mjs');
        if (!hls || !earlyPlayerFile || !inlinePlayerFile)
          throw new Error('route preloads: no hls.js chunk or early player');
        const table = {
          home: needs('/src/pages/home/home-page.tsx'),
          videos,
          messages,
          earlyPlayer: `/${earlyPlayerFile}`,
          hls: `/${hls.fileName}`,
        };
        // The stylesheets are asked for before index.html's own script runs (its API calls and preloads
        // would otherwise go first): the first paint waits for the stylesheet alone. A preload, unlike the
        // stylesheet link itself, does not hold that script back until the sheet arrives.
        const stylesheets = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map(
          (m) => m[1] ?? '',
        );
        const firstScript = html.indexOf(EARLY_START_TAG);
        if (firstScript < 0 || stylesheets.length === 0 || !entry)
          throw new Error('route preloads: index.html has no inline script, stylesheet or entry');
        // The entry's own preload is the inline script's first act (the early player's, on a cold open of an episode).
        const hints = stylesheets.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`);
        html = html.slice(0, firstScript) + hints.join('\n    ') + '\n    ' + html.slice(firstScript);
        // index.html's script starts the entry itself (on the player page once the series title is drawn).
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.includes(entryTag)) throw new Error('route preloads: index.html has no entry script tag');
        html = html.replace(entryTag, '');
        // index.html's own script and style, written to be read, are sent minified (the script's gzip size
        // about halves). The server's CSP hashes the script as served.
        const script = await earlyStartScript({ ...table, entry: `/${entry.fileName}` }, true);
        return html
          .replace(EARLY_START_TAG, () => script)
          .replace(INLINE_PLAYER_TAG, () => `<!--early-player:/${inlinePlayerFile}-->`)
          .replace(
            /<style>([\s\S]*?)<\/style>/,
            (_all, css: string) => `<style>${transformSync(css, { loader: 'css', minify: true }).code.trim()}</style>`,
          );
      },
    },
  };
}

/**
 * Lets the bundler drop the parts of React Router the app does not use. Its module assigns a
 * `displayName` to each component and context, calls `forwardRef`, `createContext` and `memo` without a
 * pure annotation and declares class components with static fields at the top level: all count as side
 * effects, so every component (forms, fetchers, prefetch links, scroll restoration, the data router's
 * error screens) stayed in the first load. Names only show in React's devtools.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'episodic-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/^\s*[\w$]+\.displayName = [^;\n]+;$/gm, '')
            .replace(/(?<!@__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|createContext|memo)\()/g, '/* @__PURE__ */ $1')
            // Class components (the data router's error boundaries) with their static fields: evaluating
            // `extends` and assigning a static field count as effects too.
            .replace(
              /^var ([\w$]+) = (class extends [\w$.]+ \{\n[\s\S]*?^\});\n((?:\1\.\w+ = [\w$.]+;\n)*)/gm,
              (_all, name: string, body: string, statics: string) =>
                `var ${name} = /* @__PURE__ */ (() => {\nconst ${name} = ${body};\n${statics}return ${name};\n})();\n`,
            ),
          map: null,
        };
      },
    },
  };
}

// The config sets its own root so `vite build apps/web` and `vite build` inside apps/web agree.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), earlyStart(), reactRouterTreeShaking()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Modern phones only: no down-levelling of classes, async/await, optional chaining.
    target: 'es2022',
    // `.vite/manifest.json`: which files each route loads; read by scripts/check-bundle-budget.mjs.
    manifest: true,
    // Browsers without modulepreload (Safari < 17) still load a page's chunks, only found one step later.
    modulePreload: {
      polyfill: false,
      // A lazy page's imports are preloaded with it only for the player page (the way most visits go on
      // from the home screen): the list of every page's imports would weigh on every first load. Other
      // pages start loading when a link to them is pressed or hovered (app/routes.tsx), and stylesheets
      // are always loaded before the page shows.
      resolveDependencies: (file, deps) =>
        /(^|\/)videos-page-[^/]*\.js$/.test(file) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically goes into one chunk: one request, and one gzip/brotli
            // context compresses better than several (about 2 KB gzip less on the first load).
            { name: 'app', tags: ['$initial'] },
            // Likewise the app code the home page shares with other pages (cards, rails, list states).
            { debugName: 'home-shared', name: (id: string, graph: ModuleGraph) => homeChunk(id, graph) },
            // And what the player page needs beyond those.
            { debugName: 'player-shared', name: (id: string, graph: ModuleGraph) => playerChunk(id, graph) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
