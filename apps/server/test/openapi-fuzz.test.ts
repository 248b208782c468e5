import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@episodic/contract';
import { createTestApp, type TestApp } from './test-app';
import { seedCatalogFixture } from './catalog-fixture';

/**
 * Sends malformed requests to every operation of the OpenAPI document: wrong types, missing and extra
 * fields, huge and odd unicode strings, negative and huge numbers, unknown ids, bad and expired
 * tokens, oversized and broken bodies — as nobody, a guest, a signed-in viewer and an operator.
 * Nothing may answer 5xx, and every /api answer must be an envelope with a message.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

/** A small seeded generator (mulberry32), so a failure can be replayed with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Gen = ReturnType<typeof generator>;

const ODD_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202egnp.exe',
  '👩‍👩‍👧‍👦'.repeat(50),
  'ＡＢＣ',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{"a":1}',
  'a'.repeat(10_000),
  'é'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'sk_test_' + 'x'.repeat(40),
  'http://evil.example/',
  '//evil.example',
  'true',
];
const ODD_NUMBERS = [0, -1, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER, 1e308, -0.5, 3.14159, 1e-9];

function oddValue(g: Gen, depth = 0): unknown {
  switch (g.int(depth > 1 ? 5 : 8)) {
    case 0:
      return g.pick(ODD_STRINGS);
    case 1:
      return g.pick(ODD_NUMBERS);
    case 2:
      return g.chance(0.5);
    case 3:
      return null;
    case 4:
      return g.int(1000) + 1;
    case 5:
      return [oddValue(g, depth + 1), oddValue(g, depth + 1)];
    case 6:
      return { [g.pick(['a', 'id', '__proto__', 'constructor', 'toString'])]: oddValue(g, depth + 1) };
    default:
      return Array.from({ length: g.int(200) }, () => g.int(10));
  }
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
}

/** Something close to valid for a schema, to get past the first checks now and then. */
function plausible(g: Gen, schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return oddValue(g, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return g.pick(schema.enum);
  if (schema.anyOf?.length) return plausible(g, g.pick(schema.anyOf), depth + 1);
  const type = Array.isArray(schema.type) ? g.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {}))
        if (g.chance(0.8)) out[name] = plausible(g, prop, depth + 1);
      return out;
    }
    case 'integer':
    case 'number':
      return g.int(5) + 1;
    case 'boolean':
      return g.chance(0.5);
    case 'array':
      return [];
    default:
      return schema.format === 'uuid'
        ? '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11'
        : schema.format === 'email'
          ? `fuzz${String(g.int(1e6))}@example.com`
          : 'fuzz';
  }
}

/** Breaks a plausible value: drops, retypes or adds fields, or replaces it outright. */
function mutate(g: Gen, value: unknown): unknown {
  if (g.chance(0.15)) return oddValue(g);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(out);
    for (let i = 0, n = g.int(3) + 1; i < n; i++) {
      const action = g.int(4);
      if (action === 0 && keys.length) delete out[g.pick(keys)];
      else if (action === 1 && keys.length) out[g.pick(keys)] = oddValue(g);
      else if (action === 2) out[g.pick(['extra', 'isAdmin', 'role', 'amount', 'price', 'userId'])] = oddValue(g);
      else if (keys.length) {
        const key = g.pick(keys);
        out[key] = mutate(g, out[key]);
      }
    }
    return out;
  }
  return g.chance(0.5) ? oddValue(g) : value;
}

/** A value as text in an address (objects as JSON, whatever their keys). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A path segment as a client would send it; a lone surrogate goes out as its raw bytes. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
}

let t: TestApp;
let operations: Operation[];
const tokens: Record<'none' | 'bad' | 'guest' | 'viewer' | 'admin', string | null> = {
  none: null,
  bad: 'x'.repeat(43),
  guest: null,
  viewer: null,
  admin: null,
};

async function session(): Promise<string> {
  return String((await t.app.inject({ method: 'GET', url: '/api/user' })).headers['x-user-token']);
}

let consoleSignIns = 0;
/** The operator's console session (the operator cookie's value), which the console API requires. */
async function consoleSession(email: string): Promise<string | null> {
  consoleSignIns++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: 'fuzzpass123' },
    remoteAddress: `10.77.0.${String(consoleSignIns % 250)}`,
  });
  return res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)?.value ?? null;
}
let operator: string | null = null;

async function registered(email: string): Promise<string> {
  const guest = await session();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { 'x-user-token': guest },
    payload: { email, password: 'fuzzpass123', confirmPassword: 'fuzzpass123', agree: true },
  });
  return String(res.headers['x-user-token'] ?? guest);
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  await seedCatalogFixture(t.database.db);
  const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: Schema }> } }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
  tokens.guest = await session();
  tokens.viewer = await registered('fuzz-viewer@example.com');
  tokens.admin = await registered('fuzz-admin@example.com');
  await t.database.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('email', '=', 'fuzz-admin@example.com')
    .execute();
  operator = await consoleSession('fuzz-admin@example.com');
}, 120_000);
afterAll(() => t?.close());

describe('malformed requests to every endpoint of the OpenAPI document', () => {
  it(`answers ${String(REQUESTS)} of them without a 5xx, each /api answer an envelope with a message`, async () => {
    expect(operations.length).toBeGreaterThan(40);
    const seed = Number(process.env.FUZZ_SEED ?? 20261122);
    const g = generator(seed);
    const failures: string[] = [];
    const reached = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const op = operations[i % operations.length]!;
      const who = g.pick(['none', 'bad', 'guest', 'viewer', 'admin', 'admin'] as const);
      // A test case that ended its own session (logout, deletion) gets a fresh one.
      if (i % 500 === 0) {
        tokens.guest = await session();
        tokens.viewer = await registered(`fuzz-viewer-${String(i)}@example.com`);
        tokens.admin = await registered(`fuzz-admin-${String(i)}@example.com`);
        await t.database.db
          .updateTable('users')
          .set({ role: 'admin' })
          .where('email', '=', `fuzz-admin-${String(i)}@example.com`)
          .execute();
        operator = await consoleSession(`fuzz-admin-${String(i)}@example.com`);
      }
      let path = op.path;
      const query = new URLSearchParams();
      for (const p of op.parameters) {
        const value = g.chance(0.6) ? plausible(g, p.schema) : oddValue(g);
        const text = textOf(value);
        if (p.in === 'path') path = path.replace(`{${p.name}}`, encodePathPart(text.slice(0, 300)));
        else if (p.in === 'query' && g.chance(0.8)) query.set(p.name, text.slice(0, 3000));
      }
      if (g.chance(0.2))
        query.set(g.pick(['extra', 'page', 'lang', '__proto__', 'pageSize']), textOf(oddValue(g)).slice(0, 500));
      const url = query.size ? `${path}?${query.toString()}` : path;
      const headers: Record<string, string> = {};
      const token = tokens[who];
      if (token)
        headers[g.chance(0.7) ? 'x-user-token' : 'cookie'] = g.chance(0.7) ? token : `episodic_session=${token}`;
      // The console API takes only the operator cookie: the operator sends it there, as the console does.
      if (who === 'admin' && operator && path.startsWith('/api/admin'))
        headers.cookie = [headers.cookie, `${ADMIN_SESSION_COOKIE}=${operator}`].filter(Boolean).join('; ');
      if (g.chance(0.1)) headers['accept-language'] = String(g.pick(ODD_STRINGS)).slice(0, 200);
      if (g.chance(0.05)) headers['fbclid'] = 'x'.repeat(g.int(5000));
      let payload: string | undefined;
      if (op.method !== 'GET' && op.method !== 'HEAD') {
        const roll = g.next();
        if (roll < 0.03) payload = '{"broken": ';
        else if (roll < 0.05) payload = JSON.stringify({ big: 'x'.repeat(1_100_000) });
        else if (roll < 0.08) {
          payload = 'a=1&b=2';
          headers['content-type'] = 'application/x-www-form-urlencoded';
        } else payload = JSON.stringify(mutate(g, plausible(g, op.body)) ?? null);
        headers['content-type'] ??= 'application/json';
      }
      const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload });
      reached.add(`${op.method} ${op.path}`);
      const problem = (() => {
        if (res.statusCode >= 500) return `HTTP ${String(res.statusCode)}`;
        if (
          !url.startsWith('/api/') ||
          res.statusCode === 204 ||
          res.statusCode === 304 ||
          (res.statusCode >= 300 && res.statusCode < 400)
        )
          return null;
        const type = String(res.headers['content-type'] ?? '');
        // Downloads (the data export) are files, not envelopes.
        if (!type.includes('json') || String(res.headers['content-disposition'] ?? '').startsWith('attachment'))
          return null;
        try {
          const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
          if (typeof body.code !== 'number' || typeof body.message !== 'string') return 'not an envelope';
          if (body.code >= 500 && body.code !== 500) return `envelope ${String(body.code)}`;
          if (body.code !== 200 && !body.message.trim()) return 'an error without a message';
        } catch {
          return 'not JSON';
        }
        return null;
      })();
      if (problem && failures.length < 20)
        failures.push(`${problem}: ${op.method} ${url.slice(0, 200)} as ${who} → ${res.body.slice(0, 200)}`);
    }
    expect(failures, `seed ${String(seed)}`).toEqual([]);
    expect(reached.size).toBe(operations.length);
  }, 600_000);
});
