// Builds what changed: the server bundle and the two apps, each skipped when a fingerprint of its
// inputs matches the one recorded by its last build (so a second `npm start` starts in seconds).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

export const root = path.resolve(import.meta.dirname, '../..');

const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite']);

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/**
 * A fingerprint of the files (names, sizes, contents' mtimes) a target is built from, and of the
 * build-time `VITE_*` variables (for the apps: a new DSN must rebuild them).
 */
function fingerprint(inputs, viteEnv = false) {
  const hash = createHash('sha256');
  if (viteEnv) {
    for (const name of Object.keys(process.env)
      .filter((key) => key.startsWith('VITE_'))
      .sort())
      hash.update(`env:${name}=${process.env[name]}\n`);
  }
  for (const input of inputs) {
    const files = fs.existsSync(input) && fs.statSync(input).isDirectory() ? walk(input, []).sort() : [input];
    for (const file of files) {
      if (!fs.existsSync(file)) continue;
      const stat = fs.statSync(file);
      hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/** Writes .br and .gz beside every compressible file over 1 KB, for the server to send as-is. */
function precompress(dir) {
  for (const file of walk(dir, [])) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

const shared = [
  path.join(root, 'packages/contract/src'),
  path.join(root, 'package-lock.json'),
  path.join(root, 'tsconfig.base.json'),
];
/** The apps also bundle the API client's code (its envelope and transport pieces). */
const appShared = [...shared, path.join(root, 'packages/api-client/src')];

async function buildVite(app) {
  const { build } = await import('vite');
  const appRoot = path.join(root, 'apps', app);
  await build({ root: appRoot, configFile: path.join(appRoot, 'vite.config.ts'), logLevel: 'warn' });
  precompress(path.join(appRoot, 'dist'));
}

export const targets = [
  {
    name: 'server',
    out: path.join(root, 'apps/server/dist'),
    inputs: [path.join(root, 'apps/server/src'), path.join(root, 'apps/server/build.mjs'), ...shared],
    run: () => {
      const res = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
      if (res.status !== 0) throw new Error('server build failed');
    },
  },
  {
    name: 'web',
    out: path.join(root, 'apps/web/dist'),
    inputs: [
      path.join(root, 'apps/web/src'),
      path.join(root, 'apps/web/public'),
      path.join(root, 'apps/web/index.html'),
      path.join(root, 'apps/web/vite.config.ts'),
      ...appShared,
    ],
    run: () => buildVite('web'),
  },
  {
    name: 'admin',
    out: path.join(root, 'apps/admin/dist'),
    inputs: [
      path.join(root, 'apps/admin/src'),
      path.join(root, 'apps/admin/public'),
      path.join(root, 'apps/admin/index.html'),
      path.join(root, 'apps/admin/vite.config.ts'),
      ...appShared,
    ],
    run: () => buildVite('admin'),
  },
];

/** Builds every target whose inputs changed (all of them with force). */
export async function buildAll({ force = false, quiet = false } = {}) {
  for (const target of targets) {
    const stampFile = path.join(target.out, '.build-stamp');
    const stamp = fingerprint(target.inputs, target.name !== 'server');
    if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
      if (!quiet) console.log(`[build] ${target.name}: up to date`);
      continue;
    }
    const started = Date.now();
    console.log(`[build] ${target.name}: building…`);
    fs.rmSync(target.out, { recursive: true, force: true });
    await target.run();
    fs.mkdirSync(target.out, { recursive: true });
    fs.writeFileSync(stampFile, stamp);
    console.log(`[build] ${target.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
