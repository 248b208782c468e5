// Bundles the server and its command-line tools into dist/ (one file each). Packages from
// node_modules stay external; the workspace's own packages (TypeScript sources) are bundled in.
import { build } from 'esbuild';
import path from 'node:path';

const here = import.meta.dirname;

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    migrate: path.join(here, 'src/cli/migrate.ts'),
    'create-admin': path.join(here, 'src/cli/create-admin.ts'),
    ingest: path.join(here, 'src/cli/ingest.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@episodic/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
