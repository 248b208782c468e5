import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { hashPassword } from './passwords';
import { addressKey } from '../../http/client-address';

// A small guest budget, so the test reaches it quickly; the rules are the real ones.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', GUEST_SESSIONS_PER_MINUTE: '5', GUEST_SESSIONS_BURST: '10' });
  await t.database.db
    .insertInto('users')
    .values({ email: 'owner@example.com', is_guest: false, password_hash: await hashPassword('the owners password') })
    .execute();
});
afterAll(() => t.close());

const from = (address: string) => ({ 'x-forwarded-for': address });
const newVisitor = (address: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: from(address) });
const login = (address: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: from(address),
    payload: { email: 'owner@example.com', password },
  });

describe('guest accounts per address', () => {
  it('stops one address minting guests, with a 429 envelope and Retry-After, and leaves other addresses alone', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => newVisitor('198.51.100.7')));
    const codes = answers.map((a) => envelope(a).code);
    // The steady rate (5) plus the burst (10); every other answer is a clean envelope, not an error.
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    const refused = answers.find((a) => envelope(a).code === 429)!;
    expect(refused.statusCode).toBe(200);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-user-token']).toBeUndefined();
    expect(envelope(refused).message).toMatch(/Too many new visitors/);
    expect(envelope(await newVisitor('198.51.100.8')).code).toBe(200);
    // A returning visitor with a session is never counted.
    const ok = answers.find((a) => envelope(a).code === 200)!;
    const back = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...from('198.51.100.7'), 'x-user-token': String(ok.headers['x-user-token']) },
    });
    expect(envelope(back).code).toBe(200);
  });

  it('counts an IPv6 client as its /64, so rotating addresses inside it gains nothing', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 20; i++) codes.push(envelope(await newVisitor(`2001:db8:aa:1::${i.toString(16)}`)).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    expect(envelope(await newVisitor('2001:db8:aa:2::1')).code).toBe(200);
  });

  it('counts the guests that trading a link token makes against the budget of the caller’s address', async () => {
    const trade = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/session/exchange',
        headers: from(address),
        payload: { token: 'a'.repeat(64) },
      });
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push(envelope(await trade('198.51.100.9')).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    // Another address has its own budget (one caller cannot use up everybody's).
    expect(envelope(await trade('198.51.100.10')).code).toBe(200);
  });

  it('keys addresses: IPv4 as is, IPv4-mapped as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('sign-in under attack', () => {
  it('lets the owner in with the right password after strangers failed on the account, only slowed down', async () => {
    // A dozen strangers, a dozen wrong passwords each would take; here 12 addresses try once each.
    for (let i = 1; i <= 12; i++) expect(envelope(await login(`192.0.2.${i}`, `wrong-guess-${i}`)).code).toBe(401);
    const started = Date.now();
    const owner = await login('203.0.113.50', 'the owners password');
    expect(envelope(owner).code).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops one address guessing one account, while the owner elsewhere still signs in', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push(envelope(await login('192.0.2.200', `wrong-guess-${i}`)).code);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // Even the right password waits at the guessing address: it cannot test whether a guess was right.
    expect(envelope(await login('192.0.2.200', 'the owners password')).code).toBe(429);
    expect(envelope(await login('203.0.113.51', 'the owners password')).code).toBe(200);
  });

  it('counts guesses sent all at once: of 40 in parallel from one address, only the limit (10) are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('192.0.2.210', `parallel-guess-${i}`)),
    );
    const codes = answers.map((a) => envelope(a).code);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    // The guessing address stays stopped, the owner elsewhere signs in.
    expect(envelope(await login('192.0.2.210', 'the owners password')).code).toBe(429);
    expect(envelope(await login('203.0.113.52', 'the owners password')).code).toBe(200);
  });

  it('gives a right password its attempt back: the owner signing in again and again is never stopped', async () => {
    for (let i = 0; i < 12; i++) expect(envelope(await login('203.0.113.53', 'the owners password')).code).toBe(200);
  });
});

describe('sign-in from one address trying many accounts', () => {
  it('stops the address for the hour after 200 failures, and no one else', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: from('192.0.2.77'),
        payload: { email: `someone-${i}@example.com`, password: 'password-1' },
      });
    const codes: number[] = [];
    for (let batch = 0; batch < 200; batch += 20)
      codes.push(
        ...(await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(batch + i)))).map((r) => envelope(r).code),
      );
    expect(codes.every((c) => c === 401)).toBe(true);
    expect(envelope(await attempt(1000)).code).toBe(429);
    expect(envelope(await login('192.0.2.78', 'the owners password')).code).toBe(200);
  }, 120_000);
});

describe('search', () => {
  it('limits how fast one viewer searches, with a 429 envelope', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 320; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/video?keyword=bride${i % 7}`,
        headers: from('198.51.100.99'),
      });
      codes.push(envelope(res).code);
    }
    // 60 a minute plus a burst of 240 an hour, then refused.
    expect(codes.slice(0, 300).every((c) => c === 200)).toBe(true);
    expect(codes.slice(300).every((c) => c === 429)).toBe(true);
  });
});
