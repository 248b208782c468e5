// Cost as the business grows: the same calls against a server on the demo catalog and one on the
// generated business (bench/generate-data.ts), interleaved call by call, with req/s, p50 and p99 side
// by side and the ratio between the two sizes. Goal: no call more than 2× slower at the large size.
// Usage: npm run bench -- scale [-- --seconds 5] [-- --scale 1] [-- --only "episode list,history"] (the
// large database is generated first when it is missing; SCALE_DATABASE_URL names it; --only measures the
// calls whose names contain one of the words, without writing results)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { figuresOf, repoRoot, startProcess, writeResults, type Figures, type Service } from './lib';
import { prepareCatalogDatabase } from './catalog-data';
import { generate, SCALE_DATABASE_URL } from './datagen/generate';
import { LANGS, TYPOS } from './datagen/words';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const seconds = arg('seconds', 5);
const scale = arg('scale', 1);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]!.split(',').map((w) => w.trim()) : null;
const connections = 10;
const load = [os.loadavg()[0]!];
const started = new Date().toISOString();

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
const largeUrl = new URL(SCALE_DATABASE_URL);
await generate({ url: largeUrl.toString(), scale });
const smallUrl = new URL(largeUrl);
smallUrl.pathname = '/episodic_scale_demo';
const admin = new pg.Client({
  connectionString: Object.assign(new URL(largeUrl), { pathname: '/postgres' }).toString(),
});
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS episodic_scale_demo WITH (FORCE)');
// A generated account with a handful of orders (buyers are drawn at random: look one up in each
// generated database), searched by its address on both sizes.
const generated = new pg.Client({ connectionString: largeUrl.toString() });
await generated.connect();
const SEARCHED_BUYER = (
  await generated.query<{ email: string }>(
    `SELECT u.email FROM users u JOIN (SELECT user_id FROM orders GROUP BY user_id HAVING count(*) BETWEEN 4 AND 8
       ORDER BY user_id LIMIT 1) o ON o.user_id = u.id`,
  )
).rows[0]!.email;
await generated.end();
await admin.query('CREATE DATABASE episodic_scale_demo');
await admin.end();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-scale-'));
await prepareCatalogDatabase({ databaseUrl: smallUrl.toString(), dataDir });

const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-scale-operator-9f3k' };
const main = path.join(repoRoot, 'apps/server/dist/main.js');

interface Call {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  as: 'guest' | 'viewer' | 'operator';
  /** Several requests in a row per iteration (order then pay). */
  chain?: autocannon.Request[];
}

interface Target {
  label: 'demo' | 'large';
  server: Service;
  viewer: string;
  operatorCookie: string;
  calls: Call[];
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.message}`);
  return body.data;
}

/** Starts a server on a database and prepares what the calls need: a viewer, an operator, ids. */
async function prepare(label: Target['label'], databaseUrl: string): Promise<Target> {
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_CATALOG: 'false', NODE_ENV: 'production' };
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/create-admin.js'), '--email', OPERATOR.email], {
    env: { ...process.env, ...env, ADMIN_PASSWORD: OPERATOR.password },
    stdio: 'ignore',
  });
  const server = await startProcess(main, { ...env, PUBLIC_URL: 'http://127.0.0.1', TRUST_PROXY: 'true' });
  const u = server.url;
  const signIn = await fetch(`${u}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: u },
    body: JSON.stringify(OPERATOR),
  });
  await json(signIn);
  const operatorCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const guest = await fetch(`${u}/api/user`);
  const viewer = guest.headers.get('x-user-token')!;
  const auth = { 'x-user-token': viewer, 'content-type': 'application/json' };
  const post = (p: string, body: unknown) =>
    fetch(`${u}${p}`, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then((r) => json<unknown>(r));

  // The most played series, its first locked episode, and the category with the most series.
  const home = await json<{ featured: { id: number }[]; sections: { items: { id: number }[] }[] }>(
    await fetch(`${u}/api/homepage`),
  );
  const seriesId = home.featured[0]?.id ?? home.sections.flatMap((s) => s.items)[0]!.id;
  const episodes = await json<{ id: number; free: boolean }[]>(
    await fetch(`${u}/api/video/episode?seriesId=${seriesId}`),
  );
  const locked = episodes.find((e) => !e.free) ?? episodes[0]!;
  const tags = await json<{ id: number }[]>(await fetch(`${u}/api/tag`));
  // The deepest page (up to 50 of 20) of the category with the most series.
  const filled = async (tag: number, page: number) =>
    (await json<{ items: unknown[] }>(await fetch(`${u}/api/video?tagId=${tag}&page=${page}&pageSize=20`))).items
      .length > 0;
  let [tagId, deepPage] = [tags[0]!.id, 1];
  for (const t of tags.slice(0, 8)) {
    let [lo, hi] = [1, 50];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (await filled(t.id, mid)) lo = mid;
      else hi = mid - 1;
    }
    if (lo > deepPage) [tagId, deepPage] = [t.id, lo];
  }
  // The viewer's library: a page's worth of favorites and history, coins, one unlock.
  const some = [...new Set([seriesId, ...home.sections.flatMap((s) => s.items.map((i) => i.id))])].slice(0, 20);
  for (const id of some) await post('/api/user/favorite', { seriesId: id });
  for (const id of some) {
    const eps = await json<{ id: number }[]>(await fetch(`${u}/api/video/episode?seriesId=${id}`));
    if (eps[0]) await post('/api/user/history', { episodeId: eps[0].id, position: 3 });
  }
  const order = (await post('/api/payment/order', { planId: 'coins-1000' })) as { id: string };
  await post('/api/payment/pay', { orderId: order.id, method: 'card', card: CARD, agree: true });
  await post('/api/video/unlock', { episodeId: locked.id });

  // The orders search looks for one generated account's address; the demo database gets the same
  // account and a few orders, so both sizes answer the same few rows (an empty answer is no measure).
  const buyerSearch = `/api/admin/orders?q=${encodeURIComponent(SEARCHED_BUYER.split('.')[0]!)}`;
  const searched = await fetch(`${u}${buyerSearch}`, { headers: { cookie: operatorCookie } });
  if ((await json<{ total: number }>(searched)).total === 0) {
    const registered = await fetch(`${u}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: SEARCHED_BUYER,
        password: OPERATOR.password,
        confirmPassword: OPERATOR.password,
        agree: true,
      }),
    });
    const buyer = registered.headers.get('x-user-token')!;
    await json(registered);
    for (const planId of ['coins-300', 'coins-1000', 'coins-300', 'weekly', 'coins-2500', 'coins-300']) {
      const headers = { 'x-user-token': buyer, 'content-type': 'application/json' };
      const opened = await json<{ id: string }>(
        await fetch(`${u}/api/payment/order`, { method: 'POST', headers, body: JSON.stringify({ planId }) }),
      );
      await json(
        await fetch(`${u}/api/payment/pay`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ orderId: opened.id, method: 'card', card: CARD, agree: true }),
        }),
      );
    }
  }

  // The reference search asks for this order's reference: found on both sizes.
  const paid = await json<{ providerRef: string }>(
    await fetch(`${u}/api/admin/orders/${order.id}`, { headers: { cookie: operatorCookie } }),
  );

  const today = new Date();
  const from = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  const calls: Call[] = [
    { name: 'homepage', path: '/api/homepage', as: 'guest' },
    { name: 'category, first page', path: `/api/video?tagId=${tagId}&page=1&pageSize=20`, as: 'guest' },
    { name: `category, page ${deepPage}`, path: `/api/video?tagId=${tagId}&page=${deepPage}&pageSize=20`, as: 'guest' },
    ...LANGS.map((l): Call => ({
      name: `search "${TYPOS[l]}" (${l})`,
      path: `/api/video?keyword=${encodeURIComponent(TYPOS[l])}&lang=${l}`,
      as: 'guest',
    })),
    { name: 'episode list', path: `/api/video/episode?seriesId=${seriesId}`, as: 'guest' },
    { name: 'series detail', path: `/api/video?id=${seriesId}`, as: 'viewer' },
    { name: 'session read', path: '/api/user', as: 'viewer' },
    { name: 'history read', path: '/api/user/history', as: 'viewer' },
    {
      name: 'history write',
      method: 'POST',
      path: '/api/user/history',
      body: { episodeId: locked.id, position: 5 },
      as: 'viewer',
    },
    { name: 'favorites read', path: '/api/user/favorite', as: 'viewer' },
    { name: 'favorites write', method: 'POST', path: '/api/user/favorite', body: { seriesId }, as: 'viewer' },
    {
      name: 'unlock (already unlocked)',
      method: 'POST',
      path: '/api/video/unlock',
      body: { episodeId: locked.id },
      as: 'viewer',
    },
    {
      name: 'order + pay (2 requests)',
      path: '/api/payment/order',
      as: 'viewer',
      chain: [
        {
          method: 'POST',
          path: '/api/payment/order',
          body: JSON.stringify({ planId: 'coins-300' }),
          onResponse: (_s, body, ctx) => {
            (ctx as { orderId?: string }).orderId = (JSON.parse(body) as { data: { id: string } }).data.id;
          },
        },
        {
          method: 'POST',
          path: '/api/payment/pay',
          setupRequest: (req, ctx) => ({
            ...req,
            body: JSON.stringify({
              orderId: (ctx as { orderId?: string }).orderId,
              method: 'card',
              card: CARD,
              agree: true,
            }),
          }),
        },
      ],
    },
    {
      name: 'console dashboard, 30 days',
      path: `/api/admin/dashboard?from=${from}&to=${today.toISOString().slice(0, 10)}`,
      as: 'operator',
    },
    { name: 'orders search, email', path: buyerSearch, as: 'operator' },
    {
      name: 'orders search, reference',
      path: `/api/admin/orders?q=${encodeURIComponent(paid.providerRef)}`,
      as: 'operator',
    },
  ];
  return { label, server, viewer, operatorCookie, calls };
}

const CARD = {
  number: '4242424242424242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Scale',
  lastName: 'Bench',
  email: 'scale-bench@example.com',
};

function headersOf(t: Target, call: Call): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' };
  if (call.as === 'viewer') headers['x-user-token'] = t.viewer;
  if (call.as === 'operator') headers.cookie = t.operatorCookie;
  return headers;
}

const octet = () => Math.floor(Math.random() * 250) + 1;
const anyAddress = () => `10.${octet()}.${octet()}.${octet()}`;

/** One call answered with envelope code 200 before it is measured (under load only HTTP codes are seen). */
async function probe(t: Target, call: Call): Promise<void> {
  if (call.chain) return;
  const res = await fetch(t.server.url + call.path, {
    method: call.method ?? 'GET',
    headers: { ...headersOf(t, call), 'x-forwarded-for': anyAddress() },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  await json(res).catch((err: unknown) => {
    throw new Error(`${t.label}: ${call.name}: ${String(err)}`);
  });
}

async function run(t: Target, call: Call, secs: number): Promise<Figures> {
  const result = await autocannon({
    url: t.server.url,
    duration: secs,
    connections,
    headers: headersOf(t, call),
    requests: call.chain ?? [
      {
        method: call.method ?? 'GET',
        path: call.path,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // Searching is rate-limited per address: each request comes from an address of its own.
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': anyAddress() } }),
      },
    ],
  });
  return figuresOf(result);
}

const demo = await prepare('demo', smallUrl.toString());
const large = await prepare('large', largeUrl.toString());
load.push(os.loadavg()[0]!);
const rows: { call: string; demo: Figures; large: Figures; ratio: number }[] = [];
try {
  for (let i = 0; i < demo.calls.length; i++) {
    if (only && !only.some((w) => demo.calls[i]!.name.includes(w))) continue;
    const figures: Figures[] = [];
    for (const t of [demo, large]) {
      await probe(t, t.calls[i]!);
      await run(t, t.calls[i]!, 1);
      figures.push(await run(t, t.calls[i]!, seconds));
    }
    const [d, l] = figures as [Figures, Figures];
    // How many times slower the large size answers: the worse of throughput and p99.
    const ratio = Number(
      Math.max(d.requestsPerSec / Math.max(l.requestsPerSec, 1), l.latencyP99Ms / Math.max(d.latencyP99Ms, 1)).toFixed(
        2,
      ),
    );
    rows.push({ call: large.calls[i]!.name, demo: d, large: l, ratio });
    const cell = (f: Figures) =>
      `${String(f.requestsPerSec).padStart(6)} req/s ${String(f.latencyP50Ms).padStart(4)}/${String(f.latencyP99Ms).padStart(5)} ms`;
    console.log(
      `${large.calls[i]!.name.padEnd(34)} ${cell(d)} | ${cell(l)} | ×${ratio}${ratio > 2 ? '  over 2×' : ''}`,
    );
    load.push(os.loadavg()[0]!);
  }
} finally {
  await demo.server.stop();
  await large.server.stop();
}

if (only) process.exit(0);
const file = writeResults('scale', {
  date: started,
  command: `npm run bench -- scale -- --seconds ${seconds} --scale ${scale}`,
  connections,
  seconds,
  scale,
  loadAverage: { min: Math.min(...load), max: Math.max(...load) },
  goal: 'ratio ≤ 2 (large / demo, the worse of throughput and p99)',
  rows,
});
console.log(`load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}; written to ${file}`);
