// `npm start`: builds what changed, then runs the server (PGlite, local media and demo catalog by
// default) on http://localhost:8080, forwarding stop signals so it shuts down gracefully.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, root } from './lib/build.mjs';

await buildAll();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
