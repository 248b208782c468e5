// `npm run dev`: the server restarting on change (port 8080) and both apps with hot reload:
// the viewer app on http://localhost:5173 and the console on http://localhost:5174/admin/
// (both proxy /api to the server).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const procs = [
  ['server', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], { NODE_ENV: 'development' }],
  ['web', bin('vite'), ['--config', 'apps/web/vite.config.ts', 'apps/web'], {}],
  ['admin', bin('vite'), ['--config', 'apps/admin/vite.config.ts', 'apps/admin'], {}],
];

const children = procs.map(([name, cmd, args, env]) => {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => {
    console.log(`${prefix}exited (${code})`);
    shutdown();
  });
  return child;
});

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
console.log(
  'Viewer app: http://localhost:5173   Console: http://localhost:5174/admin/   API: http://localhost:8080/api/docs',
);
