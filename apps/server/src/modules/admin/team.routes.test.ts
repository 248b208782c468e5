import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminInvitation, AdminPage, AdminSession, AdminTeam } from '@episodic/contract';
import { createTestApp, envelope, nextAddress, outbox, unique, type TestApp } from '../../testing';
import { consoleSignIn, createOperator, operatorCookie } from '../../../test/admin-fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOperator(t, 'owner');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function as<T = unknown>(token: string | null, method: Method, url: string, payload?: object, ip?: string) {
  const res = await t.app.inject({
    method,
    url,
    ...(token ? { cookies: operatorCookie(token) } : {}),
    ...(payload ? { payload } : {}),
    remoteAddress: ip ?? nextAddress(),
  });
  return { ...envelope<T>(res), reason: (JSON.parse(res.body) as { reason?: string }).reason };
}

/** Invites an address as the owner; answers the token from the emailed link. */
async function invite(email: string, role = 'content', by = owner.token): Promise<string> {
  const res = await as<AdminTeam>(by, 'POST', '/api/admin/team/invitations', { email, role });
  expect(res.code, res.message).toBe(200);
  // The address may have other mail (a viewer's welcome, sent in the background): the invitation's.
  const mail = (await outbox(t)).filter((m) => m.to === email && m.text.includes('/admin/invitation#token=')).at(-1);
  const token = /\/admin\/invitation#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}
const check = (token: string, ip?: string) =>
  as<AdminInvitation>(null, 'POST', '/api/admin/invitations/check', { token }, ip);
const accept = (token: string, password: string, ip?: string) =>
  as<{ email: string; role: string }>(null, 'POST', '/api/admin/invitations/accept', { token, password }, ip);
const teamOf = async (token = owner.token) => (await as<AdminTeam>(token, 'GET', '/api/admin/team')).data;

describe('invitations', () => {
  it('invites by email: a single-use link sets the password, and the new operator has the chosen role', async () => {
    const email = `content-${unique()}@episodic.test`;
    const token = await invite(email);
    const mail = (await outbox(t)).filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('You are invited to the Episodic console');
    expect(mail.text).toContain('as Content');
    expect(mail.text).toContain('expires in 72 hours');
    // Only the token's hash is kept.
    const stored = await t.database.db
      .selectFrom('operator_invitations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await teamOf()).invitations.map((i) => i.email)).toContain(email);

    expect((await check(token)).data).toMatchObject({ email, role: 'content', hasAccount: false });
    const weak = await accept(token, 'short');
    expect(weak.code).toBe(422);
    expect(weak.fields?.password).toBeTruthy();
    expect((await accept(token, 'content password 9')).data).toEqual({ email, role: 'content' });

    const session = await consoleSignIn(t, { email, password: 'content password 9' }, nextAddress());
    expect((await as<AdminSession>(session, 'GET', '/api/admin/session')).data.role).toBe('content');
    expect((await as(session, 'GET', '/api/admin/series')).code).toBe(200);
    expect(await as(session, 'GET', '/api/admin/orders')).toMatchObject({ code: 403, reason: 'no_operator_access' });

    const again = await accept(token, 'content password 9');
    expect(again).toMatchObject({ code: 410, reason: 'link_expired' });
    expect(again.message).toMatch(/already used/);
    const team = await teamOf();
    expect(team.members.find((m) => m.email === email)).toMatchObject({ role: 'content', status: 'active' });
    expect(team.members.find((m) => m.email === email)?.lastSignInAt).toBeTruthy();
    expect(team.invitations.map((i) => i.email)).not.toContain(email);
  });

  it('refuses expired, withdrawn and forged links with the 410 envelope, and makes nobody an operator', async () => {
    const expiredEmail = `late-${unique()}@episodic.test`;
    const expired = await invite(expiredEmail);
    await t.database.db
      .updateTable('operator_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', expiredEmail)
      .execute();
    expect((await check(expired)).message).toMatch(/expired/);
    expect((await accept(expired, 'a good password 1')).code).toBe(410);

    const withdrawnEmail = `withdrawn-${unique()}@episodic.test`;
    const withdrawn = await invite(withdrawnEmail);
    const id = (await teamOf()).invitations.find((i) => i.email === withdrawnEmail)!.id;
    expect((await as(owner.token, 'DELETE', `/api/admin/team/invitations/${id}`)).code).toBe(200);
    expect((await accept(withdrawn, 'a good password 1')).message).toMatch(/withdrawn/);

    // A second invitation to one address replaces the first.
    const replacedEmail = `twice-${unique()}@episodic.test`;
    const first = await invite(replacedEmail);
    const second = await invite(replacedEmail, 'finance_support');
    expect((await accept(first, 'a good password 1')).code).toBe(410);
    expect((await check(second)).data.role).toBe('finance_support');

    const forged = await accept('A'.repeat(43), 'a good password 1');
    expect(forged).toMatchObject({ code: 410, data: null });
    const users = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [expiredEmail, withdrawnEmail])
      .execute();
    expect(users).toEqual([]);
  });

  it("invites a viewer's address: accepting asks for that account's password and keeps the account", async () => {
    const email = `viewer-${unique()}@episodic.test`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password: 'viewer password 1', confirmPassword: 'viewer password 1', agree: true },
      remoteAddress: nextAddress(),
    });
    const viewerId = envelope<{ id: string }>(registered).data.id;
    const token = await invite(email, 'finance_support');
    expect((await check(token)).data.hasAccount).toBe(true);
    const wrong = await accept(token, 'not my password 1');
    expect(wrong.code).toBe(422);
    expect(wrong.fields?.password).toMatch(/not the password/);
    // A wrong password uses nothing up.
    expect((await accept(token, 'viewer password 1')).data).toEqual({ email, role: 'finance_support' });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: viewerId, role: 'admin', operator_role: 'finance_support' });
    // The viewer app's session of that account stays a viewer session: it does not open the console.
    const viewerToken = String(registered.headers['x-user-token']);
    const viaViewer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { 'x-user-token': viewerToken },
    });
    expect(envelope(viaViewer).code).toBe(401);
  });

  it('refuses to invite someone already on the team, or an address that is not one', async () => {
    expect(
      (await as(owner.token, 'POST', '/api/admin/team/invitations', { email: owner.email, role: 'content' })).code,
    ).toBe(422);
    const bad = await as(owner.token, 'POST', '/api/admin/team/invitations', {
      email: 'not-an-address',
      role: 'content',
    });
    expect(bad.code).toBe(422);
    expect(bad.fields?.email).toBeTruthy();
  });

  it('makes one operator when the same link is accepted many times at once', async () => {
    const email = `race-${unique()}@episodic.test`;
    const token = await invite(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(token, 'race password 1')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 410)).toHaveLength(5);
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('limits invitations per operator and link checks per address', async () => {
    const sender = await createOperator(t, 'owner');
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(
        (
          await as(sender.token, 'POST', '/api/admin/team/invitations', {
            email: `bulk-${unique()}@episodic.test`,
            role: 'content',
          })
        ).code,
      );
    expect(answers.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(answers[20]).toBe(429);

    const ip = nextAddress();
    const probes = [];
    for (let i = 0; i < 31; i++) probes.push((await check(`probe-${String(i)}-${'x'.repeat(30)}`, ip)).code);
    expect(probes.slice(0, 30).every((c) => c === 410)).toBe(true);
    expect(probes[30]).toBe(429);
  });
});

describe('roles, disabling and removing', () => {
  it('changes a role at once, never your own', async () => {
    const member = await createOperator(t, 'content');
    expect((await as(member.token, 'GET', '/api/admin/dashboard')).code).toBe(403);
    expect((await as(owner.token, 'PUT', `/api/admin/team/${member.id}/role`, { role: 'finance_support' })).code).toBe(
      200,
    );
    expect((await as(member.token, 'GET', '/api/admin/dashboard')).code).toBe(200);
    expect((await as(member.token, 'GET', '/api/admin/series')).code).toBe(403);
    const self = await as(owner.token, 'PUT', `/api/admin/team/${owner.id}/role`, { role: 'content' });
    expect(self).toMatchObject({ code: 409, reason: 'not_allowed_now' });
  });

  it('disables an operator (sessions end, sign-in refused) and enables them again', async () => {
    const member = await createOperator(t, 'finance_support');
    expect((await as(owner.token, 'POST', `/api/admin/team/${member.id}/disable`)).code).toBe(200);
    expect((await as(member.token, 'GET', '/api/admin/orders')).code).toBe(401);
    expect((await teamOf()).members.find((m) => m.id === member.id)?.status).toBe('disabled');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: member.email, password: member.password },
      remoteAddress: nextAddress(),
    });
    expect(envelope(refused).code).toBe(401);
    expect((await as(owner.token, 'POST', `/api/admin/team/${member.id}/enable`)).code).toBe(200);
    await consoleSignIn(t, member, nextAddress());
  });

  it('removes an operator: the account stays, as a viewer, and its console session ends', async () => {
    const member = await createOperator(t, 'content');
    expect((await as(owner.token, 'DELETE', `/api/admin/team/${member.id}`)).code).toBe(200);
    expect((await as(member.token, 'GET', '/api/admin/series')).code).toBe(401);
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'viewer', operator_role: null, disabled_at: null });
    expect((await teamOf()).members.map((m) => m.id)).not.toContain(member.id);
  });

  it('never leaves the business without an enabled owner, also when owners demote each other at once', async () => {
    // A team of its own: only these two are owners, so the rule decides.
    await t.database.db
      .updateTable('users')
      .set({ operator_role: 'content' })
      .where('operator_role', '=', 'owner')
      .execute();
    const a = await createOperator(t, 'owner');
    const b = await createOperator(t, 'owner');
    for (let round = 0; round < 4; round++) {
      const [x, y] = await Promise.all([
        as(
          a.token,
          round % 2 ? 'POST' : 'PUT',
          round % 2 ? `/api/admin/team/${b.id}/disable` : `/api/admin/team/${b.id}/role`,
          { role: 'content' },
        ),
        as(
          b.token,
          round % 2 ? 'DELETE' : 'PUT',
          round % 2 ? `/api/admin/team/${a.id}` : `/api/admin/team/${a.id}/role`,
          { role: 'content' },
        ),
      ]);
      // One change goes through. The other is refused: as the last owner's (409), or, when the first
      // change is in before the second request is checked, as no longer an owner's (403).
      const codes = [x.code, y.code].sort();
      expect(codes[0], `round ${String(round)}: ${x.message} / ${y.message}`).toBe(200);
      expect([403, 409], `round ${String(round)}: ${x.message} / ${y.message}`).toContain(codes[1]);
      const owners = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('operator_role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .execute();
      expect(owners).toHaveLength(1);
      // Put both back as owners for the next round.
      await t.database.db
        .updateTable('users')
        .set({ role: 'admin', operator_role: 'owner', disabled_at: null })
        .where('id', 'in', [a.id, b.id])
        .execute();
      a.token = await consoleSignIn(t, a, nextAddress());
      b.token = await consoleSignIn(t, b, nextAddress());
    }
    const last = await as(a.token, 'PUT', `/api/admin/team/${b.id}/role`, { role: 'content' });
    expect(last.code).toBe(200);
    // b is no owner now, so a is the last one: the users page cannot take a's access either.
    const viaUsers = await as(b.token, 'POST', `/api/admin/users/${a.id}/role`, { role: 'viewer', reason: 'Test' });
    expect(viaUsers.code).toBe(403);
    await t.database.db.updateTable('users').set({ operator_role: 'owner' }).where('id', '=', b.id).execute();
    await t.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', b.id).execute();
    const lastViaUsers = await as(a.token, 'POST', `/api/admin/users/${a.id}/role`, { role: 'viewer', reason: 'Test' });
    expect(lastViaUsers.code).toBe(409);
    await t.database.db.updateTable('users').set({ disabled_at: null }).where('id', '=', b.id).execute();
  });

  it('lets only an owner disable an operator from the users page', async () => {
    const finance = await createOperator(t, 'finance_support');
    const target = await createOperator(t, 'content');
    const res = await as(finance.token, 'POST', `/api/admin/users/${target.id}/disable`, { reason: 'Test' });
    expect(res).toMatchObject({ code: 403, reason: 'no_operator_access' });
  });
});

describe('sign-ins in the audit log', () => {
  it('records sign-ins, failed sign-ins and sign-outs with the address and the browser', async () => {
    const member = await createOperator(t, 'content');
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: member.email, password: member.password },
      headers: { 'user-agent': ua },
      remoteAddress: '203.0.113.7',
    });
    const token = signIn.cookies.find((c) => c.name === 'episodic_operator')!.value;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: member.email, password: 'wrong password 1' },
      headers: { 'user-agent': ua },
      remoteAddress: '203.0.113.8',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: `nobody-${unique()}@episodic.test`, password: 'wrong password 1' },
      remoteAddress: '203.0.113.9',
    });
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      cookies: operatorCookie(token),
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': ua },
    });

    // The team test above demoted the file's first owner: read the log as a fresh one.
    const reader = await createOperator(t, 'owner');
    const log = (
      await as<AdminPage<AdminAuditEntry>>(reader.token, 'GET', '/api/admin/audit?action=operator&pageSize=50')
    ).data.items;
    const mine = log.filter((e) => e.actor.email === member.email);
    expect(mine.map((e) => e.action)).toEqual([
      'operator.sign-out',
      'operator.sign-in-failed',
      'operator.sign-in',
      'operator.sign-in',
    ]);
    expect(mine[2]!.summary).toBe('Signed in to the console from 203.0.113.7 (Chrome 131 on macOS)');
    expect(mine[1]!.summary).toMatch(
      /^Failed console sign-in as .* from 203\.0\.113\.8 \(Chrome 131 on macOS\): wrong email or password$/,
    );
    expect(mine[0]!.summary).toMatch(/^Signed out of the console from 203\.0\.113\.7/);
    expect(
      log.some(
        (e) => e.action === 'operator.sign-in-failed' && e.actor.id === null && e.summary.includes('203.0.113.9'),
      ),
    ).toBe(true);
  });
});

describe('sign-ins behind a proxy', () => {
  it("records the proxy's forwarded client address only with TRUST_PROXY", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const [trusting, plain] = [proxied, t];
      for (const app of [trusting, plain]) {
        const member = await createOperator(app, 'content');
        await app.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { email: member.email, password: member.password },
          headers: { 'x-forwarded-for': '198.51.100.23' },
          remoteAddress: '10.9.8.7',
        });
        const row = await app.database.db
          .selectFrom('audit_log')
          .select(['ip', 'summary'])
          .where('actor_email', '=', member.email)
          .where('action', '=', 'operator.sign-in')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(row.ip).toBe(app === trusting ? '198.51.100.23' : '10.9.8.7');
      }
    } finally {
      await proxied.close();
    }
  });
});
