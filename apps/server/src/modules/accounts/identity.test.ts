import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createTestApp, envelope, outbox, type TestApp } from '../../testing';
import { newAdmin, send, unique } from '../../../test/principals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
});
afterAll(() => t.close());

type Res<T> = {
  code: number;
  message: string;
  data: T;
  fields?: Record<string, string>;
  token?: string;
  setsCookie: boolean;
};
async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
): Promise<Res<T>> {
  const res = await send(t, token, method, url, payload ? { payload } : {});
  return {
    ...envelope<T>(res),
    token: res.headers['x-user-token'] as string | undefined,
    setsCookie: res.cookies.some((c) => c.name === 'episodic_session'),
  };
}
const strong = 'drama2026!';

async function mailsTo(to: string, subject: RegExp): Promise<string[]> {
  return (await outbox(t)).filter((m) => m.to === to && subject.test(m.subject)).map((m) => m.text);
}

/** The token of the newest emailed link to an address whose subject matches, once it is there. */
async function linkToken(to: string, subject: RegExp, param: string, after = 0): Promise<string> {
  for (let i = 0; i < 60; i++) {
    await t.app.background.idle();
    const texts = await mailsTo(to, subject);
    if (texts.length > after) return decodeURIComponent(new RegExp(`${param}=([^\\s"&<]+)`).exec(texts.at(-1)!)![1]!);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${String(subject)}" to ${to}`);
}
const VERIFY = /Confirm your email/;
const RESET = /Reset your Episodic password/;

async function register(email: string): Promise<{ token: string; user: User }> {
  const res = await call<User>('POST', '/api/user/register', null, {
    email,
    password: strong,
    confirmPassword: strong,
    agree: true,
  });
  expect(res.code).toBe(200);
  return { token: res.token!, user: res.data };
}

describe('email verification', () => {
  it('registers unverified, emails a single-use link, and the link verifies without signing anyone in', async () => {
    const email = `verify-${unique()}@example.com`;
    const { token, user } = await register(email);
    expect(user.emailVerified).toBe(false);
    const link = await linkToken(email, VERIFY, 'verifyToken');
    expect((await mailsTo(email, VERIFY))[0]).toContain('http://episodic.test/my?verifyToken=');
    const stored = await t.database.db
      .selectFrom('email_verifications')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link);

    const done = await call('POST', '/api/user/email/verify', null, { token: link });
    expect(done.code).toBe(200);
    expect(done.token).toBeUndefined();
    expect(done.setsCookie).toBe(false);
    expect((await call<User>('GET', '/api/user', token)).data.emailVerified).toBe(true);
    const again = await call('POST', '/api/user/email/verify', null, { token: link });
    expect(again.code).toBe(410);
  });

  it('refuses an expired or made-up link, and a resent link replaces the one before', async () => {
    const email = `resend-${unique()}@example.com`;
    const { token, user } = await register(email);
    const first = await linkToken(email, VERIFY, 'verifyToken');
    expect((await call('POST', '/api/user/email/verify', null, { token: 'made-up' })).code).toBe(410);
    expect((await call('POST', '/api/user/email/verification', token, {})).code).toBe(200);
    const second = await linkToken(email, VERIFY, 'verifyToken', 1);
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/user/email/verify', null, { token: first })).code).toBe(410);
    await t.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call('POST', '/api/user/email/verify', null, { token: second })).code).toBe(410);
    expect((await call<User>('GET', '/api/user', token)).data.emailVerified).toBe(false);
  });

  it('is asked for by accounts only', async () => {
    const guest = await call('GET', '/api/user', null);
    expect((await call('POST', '/api/user/email/verification', guest.token!, {})).code).toBe(401);
  });

  it('counts a completed password reset as proof of the address', async () => {
    const email = `reset-proves-${unique()}@example.com`;
    await register(email);
    await call('POST', '/api/user/password/forgot', null, { email });
    const reset = await call<User>('POST', '/api/user/password/reset', null, {
      token: await linkToken(email, RESET, 'token'),
      password: 'another1pass',
      confirmPassword: 'another1pass',
    });
    expect(reset.data.emailVerified).toBe(true);
  });

  it('never lets someone registering a held address into the account that holds it', async () => {
    const email = `held-${unique()}@example.com`;
    const owner = await register(email);
    await call('POST', '/api/user/email/verify', null, { token: await linkToken(email, VERIFY, 'verifyToken') });
    const intruder = await call<User>('GET', '/api/user', null);
    const again = await call<User>('POST', '/api/user/register', intruder.token!, {
      email: email.toUpperCase(),
      password: 'intruder1pass',
      confirmPassword: 'intruder1pass',
      agree: true,
    });
    expect(again.code).toBe(409);
    expect(again.token).toBeUndefined();
    expect((await call<User>('GET', '/api/user', intruder.token!)).data).toMatchObject({
      id: intruder.data.id,
      isGuest: true,
    });
    expect((await call('POST', '/api/user/login', null, { email, password: 'intruder1pass' })).code).toBe(401);
    expect((await call<User>('GET', '/api/user', owner.token)).data).toMatchObject({
      id: owner.user.id,
      emailVerified: true,
    });
  });
});

describe('reset links are revoked', () => {
  async function account(): Promise<{ email: string; token: string; id: string }> {
    const email = `revoke-${unique()}@example.com`;
    const { token, user } = await register(email);
    return { email, token, id: user.id };
  }
  async function resetLink(email: string): Promise<string> {
    const before = (await mailsTo(email, RESET)).length;
    expect((await call('POST', '/api/user/password/forgot', null, { email })).code).toBe(200);
    return linkToken(email, RESET, 'token', before);
  }
  const resetWith = (token: string) =>
    call('POST', '/api/user/password/reset', null, { token, password: 'fresh1pass', confirmPassword: 'fresh1pass' });

  it('by a newer link', async () => {
    const a = await account();
    const older = await resetLink(a.email);
    const newer = await resetLink(a.email);
    expect((await resetWith(older)).code).toBe(410);
    expect((await resetWith(newer)).code).toBe(200);
  });

  it('by a completed reset', async () => {
    const a = await account();
    const first = await resetLink(a.email);
    // A second link made before the newer-link rule (or racing it) is still ended by the reset.
    const other = 'second-outstanding-link';
    const { createHash } = await import('node:crypto');
    await t.database.db
      .insertInto('password_resets')
      .values({
        user_id: a.id,
        token_hash: createHash('sha256').update(other).digest('hex'),
        expires_at: new Date(Date.now() + 600_000),
      })
      .execute();
    expect((await resetWith(first)).code).toBe(200);
    expect((await resetWith(other)).code).toBe(410);
  });

  it('by a password change', async () => {
    const a = await account();
    const link = await resetLink(a.email);
    const changed = await call('POST', '/api/user/password', a.token, {
      currentPassword: strong,
      password: 'changed1pass',
      confirmPassword: 'changed1pass',
    });
    expect(changed.code).toBe(200);
    expect((await resetWith(link)).code).toBe(410);
    expect((await call('POST', '/api/user/login', null, { email: a.email, password: 'changed1pass' })).code).toBe(200);
  });

  it('by an operator disabling the account (also once it is enabled again)', async () => {
    const a = await account();
    const link = await resetLink(a.email);
    const admin = await newAdmin(t);
    expect((await call('POST', `/api/admin/users/${a.id}/disable`, admin.token, { reason: 'abuse report' })).code).toBe(
      200,
    );
    expect((await resetWith(link)).code).toBe(410);
    expect((await call('POST', `/api/admin/users/${a.id}/enable`, admin.token, { reason: 'resolved' })).code).toBe(200);
    expect((await resetWith(link)).code).toBe(410);
    expect((await call('POST', '/api/user/login', null, { email: a.email, password: strong })).code).toBe(200);
  });
});
