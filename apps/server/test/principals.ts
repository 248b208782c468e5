import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  ADMIN_SESSION_COOKIE,
  SESSION_COOKIE,
  type AdminSession,
  type Membership,
  type PayResult,
  type User,
} from '@episodic/contract';
import { createAccountsService } from '../src/modules/accounts/index';
import { appendLedgerEntry } from '../src/modules/billing/index';
import { ingestEpisode, LocalStorage } from '../src/media/index';
import { envelope, type TestApp } from './test-app';
import { makeTestClip } from './media-fixtures';
import { card } from './viewer-api';

export { card };

/**
 * Callers of the API as a real client makes them (the session token in the X-User-Token header, so the
 * CSRF guard, which only looks at cookie-borne sessions, stays out of the way), each from its own
 * address so per-address rate limits (sign-up, sign-in, contact form) never decide an outcome.
 * Shared by authorization-matrix.test.ts and locked-media.test.ts.
 */

export interface Principal {
  /** What kind of caller this is, for messages. */
  label: string;
  token: string | null;
  id: string | null;
  email: string | null;
  password: string | null;
}

let address = 0;
/** A fresh client address (10.x.y.z) for every request. */
export function nextAddress(): string {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

let serial = 0;
/** A short unique suffix for emails and names. */
export function unique(): string {
  serial++;
  return `${String(process.pid)}-${String(serial)}`;
}

export interface CallOptions {
  payload?: unknown;
  headers?: Record<string, string>;
  /** Sends the token as the session cookie instead of the X-User-Token header. */
  viaCookie?: boolean;
}

/** The console sessions of operators, by their viewer token: the console's calls ride on the operator cookie. */
const consoleSessions = new Map<string, string>();

/** The console session cookie of an operator made by `newAdmin` (its console sign-in). */
export function operatorSessionOf(who: Principal): string {
  const token = who.token ? consoleSessions.get(who.token) : undefined;
  if (!token) throw new Error(`${who.label} has no console session`);
  return token;
}

/** One request as the holder of a token (none for null), from a fresh address. */
export function send(
  t: TestApp,
  token: string | null,
  method: string,
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (token && !opts.viaCookie) headers['x-user-token'] = token;
  const request: InjectOptions = { method: method as 'GET', url, headers, remoteAddress: nextAddress() };
  if (token && opts.viaCookie) request.cookies = { [SESSION_COOKIE]: token };
  // An operator calls the console API as the console does: with its own cookie (the header alone is refused).
  const operator = token ? consoleSessions.get(token) : undefined;
  if (operator && url.startsWith('/api/admin'))
    request.cookies = { ...request.cookies, [ADMIN_SESSION_COOKIE]: operator };
  if (opts.payload !== undefined) {
    if (Buffer.isBuffer(opts.payload) || typeof opts.payload === 'string') request.payload = opts.payload;
    else request.payload = opts.payload as object;
  }
  return t.app.inject(request);
}

/** An envelope call as the holder of a token; fails loudly when the answer is not a success envelope. */
export async function callOk<T>(
  t: TestApp,
  token: string | null,
  method: string,
  url: string,
  payload?: unknown,
): Promise<{ data: T; res: LightMyRequestResponse }> {
  const res = await send(t, token, method, url, { payload });
  const body = envelope<T>(res);
  if (res.statusCode !== 200 || body.code !== 200)
    throw new Error(`${method} ${url} answered HTTP ${String(res.statusCode)} ${res.body.slice(0, 300)}`);
  return { data: body.data, res };
}

export const NOBODY: Principal = { label: 'no token', token: null, id: null, email: null, password: null };

/** A fresh guest: the token GET /api/user hands a new visitor. */
export async function newGuest(t: TestApp, label = 'guest'): Promise<Principal> {
  const res = await send(t, null, 'GET', '/api/user');
  const token = res.headers['x-user-token'];
  if (typeof token !== 'string') throw new Error('GET /api/user handed out no token');
  return { label, token, id: envelope<User>(res).data.id, email: null, password: null };
}

/** A fresh registered viewer (no money, no membership), signed up the way the app does it. */
export async function newAccount(t: TestApp, label = 'signed-in user'): Promise<Principal> {
  const email = `${label.replace(/[^a-z]+/gi, '-').toLowerCase()}-${unique()}@example.com`;
  const password = 'matrix password 1';
  const { data, res } = await callOk<User>(t, null, 'POST', '/api/user/register', {
    email,
    password,
    confirmPassword: password,
    agree: true,
  });
  return { label, token: String(res.headers['x-user-token']), id: data.id, email, password };
}

/** A fresh operator (created as `npm run create-admin` does), signed in to the viewer app and to the console. */
export async function newAdmin(t: TestApp, label = 'admin'): Promise<Principal> {
  const email = `ops-${unique()}@episodic.test`;
  const password = 'operator password 1';
  await createAccountsService({ db: t.database.db, sessionTtlDays: 1 }).createAdmin(email, password);
  const { data, res } = await callOk<User>(t, null, 'POST', '/api/user/login', { email, password });
  const token = String(res.headers['x-user-token']);
  const signedIn = await callOk<AdminSession>(t, null, 'POST', '/api/admin/session', { email, password });
  const cookie = signedIn.res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (!cookie) throw new Error('the console sign-in set no operator cookie');
  consoleSessions.set(token, cookie.value);
  return { label, token, id: data.id, email, password };
}

/** Polls until the check passes (the sandbox's webhooks land shortly after the payment's answer). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  if (!done(value)) throw new Error(`gave up waiting: ${what}`);
  return value;
}

/** Opens an order for a plan and pays it with a sandbox test card; the order id. */
export async function buy(t: TestApp, who: Principal, planId: string): Promise<string> {
  const order = await callOk<{ id: string }>(t, who.token, 'POST', '/api/payment/order', { planId });
  const paid = await callOk<PayResult>(t, who.token, 'POST', '/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card: card(),
    agree: true,
  });
  if (paid.data.status !== 'paid') throw new Error(`the sandbox answered ${paid.data.status} for ${planId}`);
  return order.data.id;
}

/** The caller's membership as GET /api/user shows it. */
export async function membershipOf(t: TestApp, who: Principal): Promise<Membership> {
  return (await callOk<User>(t, who.token, 'GET', '/api/user')).data.membership;
}

/** A registered viewer with an active weekly membership bought through the sandbox card flow. */
export async function newMember(t: TestApp, label = 'member'): Promise<Principal & { orderId: string }> {
  const who = await newAccount(t, label);
  const orderId = await buy(t, who, 'weekly');
  await eventually(
    () => membershipOf(t, who),
    (m) => m.active,
    `${label}'s membership`,
  );
  return { ...who, orderId };
}

/** Gives a user coins (an operator-style grant on the ledger). */
export async function grantCoins(t: TestApp, userId: string, coins: number): Promise<void> {
  await t.database.db
    .transaction()
    .execute((trx) =>
      appendLedgerEntry(trx, { userId, delta: coins, kind: 'grant', key: `test-grant:${userId}:${unique()}` }),
    );
}

/** Packages a one-second 360x640 test clip as the (encrypted HLS) media of each episode, in the app's own storage. */
export async function packageEpisodes(t: TestApp, episodeIds: number[]): Promise<void> {
  const storage = new LocalStorage(path.join(t.dataDir, 'media'));
  const clip = await makeTestClip(path.join(t.dataDir, `clip-${unique()}.mp4`), {
    seconds: 1,
    width: 360,
    height: 640,
  });
  for (const episodeId of episodeIds)
    await ingestEpisode({ db: t.database.db, storage, episodeId, input: clip, preset: 'ultrafast' });
}

/** The segment URLs, IVs and key URIs of a served rendition playlist. */
export function readMediaPlaylist(text: string): { segments: string[]; keyUris: string[]; ivs: Buffer[] } {
  const lines = text.split('\n');
  const keys = lines.filter((l) => l.startsWith('#EXT-X-KEY:'));
  return {
    segments: lines.filter((l) => l && !l.startsWith('#')),
    keyUris: keys.map((l) => /URI="([^"]+)"/.exec(l)![1]!),
    ivs: keys.map((l) => Buffer.from(/IV=0x([0-9a-f]{32})/i.exec(l)![1]!, 'hex')),
  };
}
