import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from './test-app';

/**
 * Session fixation and revocation, beyond what accounts.routes.test.ts covers (an unknown token in
 * the header gets a new guest; a header sign-in rotates the token; a header sign-out ends it): the
 * cookie carrier too, arbitrary attacker values, a planted token that is valid (the attacker's own
 * guest session), registration as well as sign-in, and what the old token can still reach afterwards.
 */

const ORIGIN = 'http://episodic.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

type Carrier = 'cookie' | 'header';
/** Every request comes from its own address: sign-in and registration are rate-limited per address. */
let addresses = 0;
const nextAddress = () => {
  const n = addresses++;
  return `10.7.${n >> 8}.${n & 255}`;
};

function carrying(token: string | null, carrier: Carrier) {
  if (token === null) return {};
  return carrier === 'cookie' ? { cookies: { [SESSION_COOKIE]: token } } : { headers: { 'x-user-token': token } };
}

async function request(method: 'GET' | 'POST', url: string, token: string | null, carrier: Carrier, payload?: object) {
  const auth = carrying(token, carrier);
  // State-changing calls with the cookie come from the site itself (the CSRF guard wants its Origin).
  const headers = { origin: ORIGIN, ...('headers' in auth ? auth.headers : {}) };
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: nextAddress(),
    headers,
    ...('cookies' in auth ? { cookies: auth.cookies } : {}),
  });
}

/** The token a response hands over, checking that the header and the cookie agree. */
function issuedToken(res: {
  headers: Record<string, unknown>;
  cookies: { name: string; value: string }[];
}): string | undefined {
  const header = res.headers['x-user-token'] as string | undefined;
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  expect(cookie).toBe(header);
  return header;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
async function liveSessionsWith(token: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashOf(token))
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

/** Who a token is now, by that carrier alone: the user's id, and whether the server had to issue a new token. */
async function whoIs(token: string, carrier: Carrier): Promise<{ id: string; isGuest: boolean; reissued: boolean }> {
  const res = await request('GET', '/api/user', token, carrier);
  const user = envelope<User>(res).data;
  const issued = issuedToken(res);
  if (issued !== undefined) expect(issued).not.toBe(token);
  return { id: user.id, isGuest: user.isGuest, reissued: issued !== undefined };
}

// Made-up tokens: as well-formed as the server's own (43 base64url characters), or any printable value.
const madeUpToken = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  fc.stringMatching(/^[A-Za-z0-9_.~%=+/:@!*'()-]{1,120}$/),
);
const carrierArb = fc.constantFrom<Carrier>('cookie', 'header');

describe('an attacker-chosen token is never adopted', () => {
  it('a visitor presenting an unknown token gets a new one of the server’s own; the unknown one never becomes a session', async () => {
    await fc.assert(
      fc.asyncProperty(
        madeUpToken,
        fc.constantFrom<Carrier | 'both'>('cookie', 'header', 'both'),
        async (planted, how) => {
          const res = await t.app.inject({
            method: 'GET',
            url: '/api/user',
            ...(how !== 'header' ? { cookies: { [SESSION_COOKIE]: planted } } : {}),
            ...(how !== 'cookie' ? { headers: { 'x-user-token': planted } } : {}),
          });
          const user = envelope<User>(res).data;
          const issued = issuedToken(res);
          expect(issued).toMatch(/^[\w-]{43}$/);
          expect(issued).not.toBe(planted);
          expect(user.isGuest).toBe(true);
          expect(await liveSessionsWith(planted)).toBe(0);
          // The issued token is the session; the planted value still leads nowhere near it.
          expect(await whoIs(issued!, 'cookie')).toEqual({ id: user.id, isGuest: true, reissued: false });
          for (const carrier of ['cookie', 'header'] as const) {
            const later = await whoIs(planted, carrier);
            expect(later.id).not.toBe(user.id);
            expect(later.reissued).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('signing in or registering with a planted token (made up, or the attacker’s own guest session) issues a new token, and the planted one reaches nothing', async () => {
    const password = 'fixation1pass';
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('login' as const, 'register' as const),
        carrierArb,
        fc.oneof(
          fc.constant({ kind: 'guest' as const }),
          madeUpToken.map((value) => ({ kind: 'made-up' as const, value })),
        ),
        async (elevation, carrier, plant) => {
          // The planted value: a made-up one, or a real guest session the attacker opened for themself.
          let planted: string;
          let attackerGuestId: string | null = null;
          if (plant.kind === 'guest') {
            const res = await request('GET', '/api/user', null, 'header');
            planted = issuedToken(res)!;
            attackerGuestId = envelope<User>(res).data.id;
          } else planted = plant.value;

          const email = `victim-${randomBytes(5).toString('hex')}@example.com`;
          let accountId: string | null = null;
          if (elevation === 'login') {
            const reg = await request('POST', '/api/user/register', null, 'header', {
              email,
              password,
              confirmPassword: password,
              agree: true,
            });
            accountId = envelope<User>(reg).data.id;
          }
          const res =
            elevation === 'login'
              ? await request('POST', '/api/user/login', planted, carrier, { email, password })
              : await request('POST', '/api/user/register', planted, carrier, {
                  email,
                  password,
                  confirmPassword: password,
                  agree: true,
                });
          const body = envelope<User>(res);
          expect(body.code).toBe(200);
          expect(body.data).toMatchObject({ email, isGuest: false });
          accountId ??= body.data.id;
          expect(body.data.id).toBe(accountId);
          const issued = issuedToken(res);
          expect(issued).toMatch(/^[\w-]{43}$/);
          expect(issued).not.toBe(planted);

          // The new token is the account's session, by either carrier.
          for (const c of ['cookie', 'header'] as const)
            expect(await whoIs(issued!, c)).toEqual({ id: accountId, isGuest: false, reissued: false });
          // The planted token is no session at all now: not the account, not even the attacker's guest.
          expect(await liveSessionsWith(planted)).toBe(0);
          for (const c of ['cookie', 'header'] as const) {
            const later = await whoIs(planted, c);
            expect(later.id).not.toBe(accountId);
            if (attackerGuestId) expect(later.id).not.toBe(attackerGuestId);
            expect(later).toMatchObject({ isGuest: true, reissued: true });
            expect(envelope(await request('GET', '/api/user/favorite', planted, c)).code).toBe(401);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});

describe('signing out', () => {
  it.each([
    ['a guest', 'cookie'],
    ['a guest', 'header'],
    ['an account', 'cookie'],
    ['an account', 'header'],
  ] as const)(
    'ends the session of %s signed out by %s: the old token stops working by either carrier',
    async (who, carrier) => {
      const guest = await request('GET', '/api/user', null, 'header');
      let token = issuedToken(guest)!;
      let id = envelope<User>(guest).data.id;
      if (who === 'an account') {
        const password = 'signout1pass';
        const reg = await request('POST', '/api/user/register', token, 'header', {
          email: `out-${randomBytes(5).toString('hex')}@example.com`,
          password,
          confirmPassword: password,
          agree: true,
        });
        token = issuedToken(reg)!;
        id = envelope<User>(reg).data.id;
      }
      expect(await whoIs(token, carrier)).toMatchObject({ id, reissued: false });
      const out = await request('POST', '/api/user/logout', token, carrier, {});
      expect(envelope(out).code).toBe(200);
      expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect(await liveSessionsWith(token)).toBe(0);
      for (const c of ['cookie', 'header'] as const) {
        const later = await whoIs(token, c);
        expect(later.id).not.toBe(id);
        expect(later.reissued).toBe(true);
        expect(envelope(await request('POST', '/api/payment/order', token, c, { planId: 'coins-300' })).code).toBe(401);
      }
    },
  );
});
