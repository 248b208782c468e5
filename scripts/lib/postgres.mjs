// Finds a PostgreSQL for the tests: TEST_DATABASE_URL (default: the local service), or, where none
// answers, a private server started from Debian's packages in a temporary folder (installing
// `postgresql` with apt when it is missing). Never silently skipped.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export async function canConnect(url, timeoutMs = 3000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function installPostgres() {
  if (process.getuid?.() !== 0) {
    throw new Error(
      'No PostgreSQL answers and none is installed: run `sudo apt-get install -y postgresql` or set TEST_DATABASE_URL.',
    );
  }
  console.log('[postgres] installing Debian package postgresql (apt-get)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Whether a port can be listened on at 127.0.0.1 now. */
function canListen(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free port below the kernel's range for outgoing connections. A server in that range that stops
 * for a while (the restart journeys) can lose its port: a client that keeps reconnecting to it may be
 * given that very port as its own, and the kernel then connects the socket to itself, so the server
 * cannot listen there again.
 */
async function freePort() {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    /* not Linux: the usual start of the range */
  }
  const from = Math.min(20000, low - 2000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${from} and ${low}`);
}

/** Starts a private PostgreSQL; returns its URL and a stop function. */
export async function startPrivatePostgres() {
  let bin = findPgBin();
  if (!bin) {
    installPostgres();
    bin = findPgBin();
    if (!bin) throw new Error('postgresql was installed but initdb was not found under /usr/lib/postgresql');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run it as the postgres system user the package creates.
  const command = (cmd, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const run = (cmd, args) => {
    const [file, argv] = command(cmd, args);
    const res = spawnSync(file, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  // The same, without blocking the caller's event loop (a test keeps its load running meanwhile).
  const runAsync = (cmd, args) =>
    new Promise((resolve, reject) => {
      const [file, argv] = command(cmd, args);
      execFile(file, argv, (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} failed: ${stderr || stdout || err.message}`)) : resolve(),
      );
    });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ];
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', startArgs);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('CREATE DATABASE test');
  await client.end();
  console.log(`[postgres] private server on port ${port} (${dir})`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    /** Shuts the server down as an operator's restart does (open connections are cut); data stays. */
    pause: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    /** Starts it again on the same port and data. */
    resume: () => runAsync('pg_ctl', startArgs),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The test PostgreSQL: the configured one when it answers, else a private one. */
export async function ensureTestPostgres() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  if (await canConnect(url)) return { url, stop() {} };
  console.log(`[postgres] nothing answers at ${url.replace(/:[^:@/]+@/, ':***@')}; starting a private server`);
  return startPrivatePostgres();
}
