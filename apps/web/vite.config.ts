import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const HOME_PAGE = fileURLToPath(new URL('src/pages/home/home-page.tsx', import.meta.url));
const HOME_FOLDER = /[\\/]src[\\/]pages[\\/]home[\\/]/;
let homeImports: Set<string> | undefined;

/**
 * The app's own modules the home page imports (transitively), other than the home page itself: they go
 * into one chunk instead of a handful of tiny shared ones. Packages are not walked into, because a
 * package's index re-exports everything, used or not.
 */
function homeChunk(id: string, graph: ModuleGraph): string | null {
  if (!homeImports) {
    homeImports = new Set();
    const stack = [HOME_PAGE];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      if (homeImports.has(current)) continue;
      homeImports.add(current);
      for (const next of graph.getModuleInfo(current)?.importedIds ?? []) if (!next.includes('node_modules')) stack.push(next);
    }
  }
  return homeImports.has(id) && !HOME_FOLDER.test(id) ? 'home-shared' : null;
}

// The config sets its own root so `vite build apps/web` and `vite build` inside apps/web agree.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Modern phones only: no down-levelling of classes, async/await, optional chaining.
    target: 'es2022',
    // `.vite/manifest.json`: which files each route loads; read by scripts/check-bundle-budget.mjs.
    manifest: true,
    // Browsers without modulepreload (Safari < 17) still load a page's chunks, only found one step later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically goes into one chunk: one request, and one gzip/brotli
            // context compresses better than several (about 2 KB gzip less on the first load).
            { name: 'app', tags: ['$initial'] },
            // Likewise the app code the home page shares with other pages (cards, rails, list states).
            { debugName: 'home-shared', name: (id: string, graph: ModuleGraph) => homeChunk(id, graph) },
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
