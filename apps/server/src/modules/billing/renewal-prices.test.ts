import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Membership, User } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingInstance } from '../../../test/billing-instance';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { caller, createCallers } from '../../../test/admin-fixture';
import { buy, callOk, eventually, newAccount, send, type Principal } from '../../../test/principals';
import { createMailer, type Mailer } from '../../mail/mailer';
import { lazySharedSecret } from '../../db/secrets';
import { createRenewals } from './renewals';
import { claimRenewalReminders } from './memberships.repository';

// A price holds: a membership renews at the price its member agreed to; a plan's new price is for new members.

let t: TestApp;
let admin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  await seedCatalogFixture(t.database.db);
  admin = caller(t, (await createCallers(t)).admin);
});
afterAll(() => t.close());

const DAY = 86400000;

/** Another server instance's renewal job on the same database (its own mailer writing to the shared outbox). */
function instance(wrap: (mailer: Mailer) => Mailer = (m) => m) {
  const db = t.database.db;
  const outbox = createMailer({
    mailUrl: null,
    from: 'Episodic <no-reply@episodic.test>',
    outboxDir: path.join(t.dataDir, 'outbox'),
    log: () => undefined,
  });
  const mailer = wrap(outbox);
  const { sandbox, billing } = billingInstance(t);
  return createRenewals({
    db,
    billing,
    provider: sandbox,
    mailer,
    publicUrl: 'http://episodic.test',
    linkSecret: lazySharedSecret(db, 'links'),
    log: () => undefined,
  });
}

const membershipRow = (userId: string) =>
  t.database.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

async function member(planId: string, label: string): Promise<Principal> {
  const who = await newAccount(t, label);
  await buy(t, who, planId);
  await eventually(
    () => t.database.db.selectFrom('memberships').select('plan_id').where('user_id', '=', who.id!).executeTakeFirst(),
    (m) => m?.plan_id === planId,
    `${label}'s membership`,
  );
  return who;
}

const membershipOf = async (who: Principal): Promise<Membership> =>
  (await callOk<User>(t, who.token, 'GET', '/api/user')).data.membership;

async function endPeriod(userId: string, at: Date) {
  await t.database.db
    .updateTable('memberships')
    .set({ current_period_end: at })
    .where('user_id', '=', userId)
    .execute();
}

/** What the payment provider was asked to charge for the user's renewals, in minor units. */
async function renewalCharges(userId: string): Promise<number[]> {
  const orders = await t.database.db
    .selectFrom('orders')
    .select(['id', 'amount'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'renewal')
    .execute();
  const charges = [];
  for (const order of orders) {
    const rows = await t.database.db
      .selectFrom('sandbox_charges')
      .select(['amount', 'status'])
      .where('idempotency_key', 'like', `${order.id}:%`)
      .execute();
    for (const row of rows) charges.push(row.amount);
  }
  return charges;
}

async function reminders(to: string): Promise<ParsedMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const mails = [];
  for (const file of (await fs.readdir(dir).catch(() => [] as string[])).sort()) {
    const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
    const subject = mail.subject ?? '';
    if ((mail.to as { text: string }).text === to && /renews soon|verlängert sich bald/.test(subject)) mails.push(mail);
  }
  return mails;
}

describe('a price holds', () => {
  it('renews members at the price they agreed to; a raised price is for new members and for those who buy again', async () => {
    const created = await admin.post<AdminPlan>('/api/admin/plans', {
      id: 'held-monthly',
      kind: 'membership',
      price: 499,
      renewalDays: 30,
      active: true,
      texts: { en: { name: 'Held monthly', description: 'Every episode.' } },
    });
    expect(created.code).toBe(200);
    const early = await member('held-monthly', 'early member');
    expect(await membershipOf(early)).toMatchObject({
      active: true,
      planName: 'Held monthly',
      renewalPrice: 499,
      currency: 'USD',
      renewalDays: 30,
    });

    // The operator raises the price: the answer counts the member it does not reach, the audit keeps both prices.
    const raised = await admin.patch<AdminPlan>('/api/admin/plans/held-monthly', { price: 999 });
    expect(raised.data).toMatchObject({ price: 999, renewingMembers: 1 });
    expect(await membershipRow(early.id!)).toMatchObject({ renewal_price: 499, renewal_currency: 'USD' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'plan.update')
      .where('target_id', '=', 'held-monthly')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ price: 499 });
    expect(audit.after).toMatchObject({ price: 999 });
    expect(audit.summary).toContain('price 4.99 USD → 9.99 USD');
    expect(audit.summary).toContain('for new members only: 1 renewing member keeps their terms');
    expect(await membershipOf(early)).toMatchObject({ renewalPrice: 499 });

    // A new member pays the new price.
    const late = await member('held-monthly', 'late member');
    const lateOrder = await t.database.db
      .selectFrom('orders')
      .select('amount')
      .where('user_id', '=', late.id!)
      .executeTakeFirstOrThrow();
    expect(lateOrder.amount).toBe(999);
    expect(await membershipOf(late)).toMatchObject({ renewalPrice: 999 });

    // Both periods end: each renews at its own price, and the provider is asked for exactly that.
    const end = new Date(Date.now() - 60_000);
    await endPeriod(early.id!, end);
    await endPeriod(late.id!, end);
    const report = await instance().runOnce();
    expect(report.renewed).toBe(2);
    expect(await renewalCharges(early.id!)).toEqual([499]);
    expect(await renewalCharges(late.id!)).toEqual([999]);
    expect(await membershipRow(early.id!)).toMatchObject({ renewal_price: 499, status: 'active' });
    expect((await membershipRow(early.id!)).current_period_end.getTime()).toBe(end.getTime() + 30 * DAY);

    // A period change is a new agreement too: the renewal keeps the agreed 30 days.
    await admin.patch('/api/admin/plans/held-monthly', { renewalDays: 7 });
    await endPeriod(early.id!, new Date(Date.now() - 1000));
    const before = (await membershipRow(early.id!)).current_period_end;
    expect((await instance().runOnce()).renewed).toBe(1);
    expect(await renewalCharges(early.id!)).toEqual([499, 499]);
    expect((await membershipRow(early.id!)).current_period_end.getTime()).toBe(before.getTime() + 30 * DAY);

    // Cancelling ends the agreement; buying again agrees to today's price and period.
    await callOk(t, early.token, 'POST', '/api/payment/cancel');
    expect(await membershipOf(early)).toMatchObject({ autoRenew: false, renewalPrice: 499, planName: 'Held monthly' });
    await buy(t, early, 'held-monthly');
    await eventually(
      () => membershipOf(early),
      (m) => m.autoRenew && m.renewalPrice === 999,
      'the new agreement',
    );
    expect(await membershipRow(early.id!)).toMatchObject({ renewal_price: 999, renewal_days: 7, auto_renew: true });
    const listed = await admin.get<AdminPlan[]>('/api/admin/plans');
    expect(listed.data.find((p) => p.id === 'held-monthly')).toMatchObject({ renewingMembers: 2 });
  });

  it('reminds monthly and yearly members before each renewal, once per period, with the date, agreed price and cancel link', async () => {
    const monthly = await member('monthly', 'monthly member');
    const yearly = await member('yearly', 'yearly member');
    const weekly = await member('weekly', 'weekly member');
    const later = await member('monthly', 'later member');
    // The yearly member reads German: the price and date are written the German way.
    await t.database.db.updateTable('users').set({ language: 'dy' }).where('id', '=', yearly.id!).execute();
    // The monthly plan costs more now: the reminder names what the member agreed to.
    await admin.patch('/api/admin/plans/monthly', { price: 1999 });

    const now = Date.now();
    const monthlyEnd = new Date(now + 2 * DAY);
    const yearlyEnd = new Date(now + 6 * DAY);
    await endPeriod(monthly.id!, monthlyEnd);
    await endPeriod(yearly.id!, yearlyEnd);
    await endPeriod(weekly.id!, new Date(now + 1 * DAY));
    // Outside the monthly lead time (3 days): not yet.
    await endPeriod(later.id!, new Date(now + 5 * DAY));

    // Two instances at the same moment: one email each.
    const [a, b] = await Promise.all([instance().runOnce(), instance().runOnce()]);
    expect(a.reminded + b.reminded).toBe(2);
    const toMonthly = await reminders(monthly.email!);
    expect(toMonthly).toHaveLength(1);
    const dateEn = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(monthlyEnd);
    expect(toMonthly[0]!.subject).toBe('Your Episodic membership renews soon');
    expect(toMonthly[0]!.text).toContain(`Your Monthly membership renews on ${dateEn} for $14.99.`);
    const link = /(http:\/\/episodic\.test\/api\/payment\/cancel-link\?\S+)/.exec(toMonthly[0]!.text ?? '')?.[1];
    expect(link, 'a one-tap cancel link').toBeDefined();
    expect(new URL(link!).searchParams.get('p')).toBe(String(monthlyEnd.getTime()));
    expect(toMonthly[0]!.html).toContain('Cancel renewal');

    const toYearly = await reminders(yearly.email!);
    expect(toYearly).toHaveLength(1);
    const dateDe = new Intl.DateTimeFormat('de-DE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(yearlyEnd);
    expect(toYearly[0]!.subject).toBe('Deine Episodic-Mitgliedschaft verlängert sich bald');
    expect(toYearly[0]!.text).toContain(dateDe);
    expect(toYearly[0]!.text).toMatch(/99,99\s\$/);
    expect(toYearly[0]!.text).toContain('/api/payment/cancel-link?');

    expect(await reminders(weekly.email!)).toHaveLength(0);
    expect(await reminders(later.email!)).toHaveLength(0);

    // Once per period: later passes send nothing more to them; the later member's turn comes within 3 days.
    await instance().runOnce();
    expect(await reminders(monthly.email!)).toHaveLength(1);
    expect(await reminders(yearly.email!)).toHaveLength(1);
    await instance().runOnce(new Date(now + 2.5 * DAY));
    expect(await reminders(later.email!)).toHaveLength(1);
    expect(await reminders(weekly.email!)).toHaveLength(0);

    // The next period gets its own reminder.
    const nextEnd = new Date(monthlyEnd.getTime() + 30 * DAY);
    await endPeriod(monthly.id!, nextEnd);
    await instance().runOnce(new Date(nextEnd.getTime() - 2 * DAY));
    const again = await reminders(monthly.email!);
    expect(again).toHaveLength(2);
    expect(
      again.map((m) => new URL(/(http:\/\/\S+cancel-link\?\S+)/.exec(m.text ?? '')![1]!).searchParams.get('p')),
    ).toEqual(expect.arrayContaining([String(monthlyEnd.getTime()), String(nextEnd.getTime())]));
  });

  it('keeps renewing and reminding members of a plan taken off sale, at their agreed terms; new buyers are refused', async () => {
    await admin.post('/api/admin/plans', {
      id: 'retired-monthly',
      kind: 'membership',
      price: 599,
      renewalDays: 30,
      active: true,
      texts: { en: { name: 'Retired monthly', description: 'Every episode.' } },
    });
    const kept = await member('retired-monthly', 'member of a retired plan');
    const off = await admin.patch<AdminPlan>('/api/admin/plans/retired-monthly', { active: false, price: 899 });
    expect(off.data).toMatchObject({ active: false, renewingMembers: 1 });

    // No new buyers.
    const stranger = await newAccount(t, 'would-be buyer');
    const refused = await send(t, stranger.token, 'POST', '/api/payment/order', {
      payload: { planId: 'retired-monthly' },
    });
    expect(refused.json()).toMatchObject({ code: 404, message: 'This plan is not available.' });

    // The member is still reminded before the renewal, at the agreed price.
    const now = Date.now();
    const end = new Date(now + 2 * DAY);
    await endPeriod(kept.id!, end);
    await instance().runOnce(new Date(now));
    const reminded = await reminders(kept.email!);
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!.text).toContain('for $5.99.');

    // And renewed at the agreed price, period after period, until they cancel.
    await endPeriod(kept.id!, new Date(now - 1000));
    const first = await instance().runOnce();
    expect(first).toMatchObject({ renewed: 1, failed: 0, lapsed: 0 });
    expect(await renewalCharges(kept.id!)).toEqual([599]);
    expect(await membershipRow(kept.id!)).toMatchObject({ status: 'active', renewal_price: 599, renewal_attempts: 0 });
    expect(await membershipOf(kept)).toMatchObject({ active: true, autoRenew: true, renewalPrice: 599 });
    await endPeriod(kept.id!, new Date(Date.now() - 1000));
    expect((await instance().runOnce()).renewed).toBe(1);
    expect(await renewalCharges(kept.id!)).toEqual([599, 599]);

    await callOk(t, kept.token, 'POST', '/api/payment/cancel');
    await endPeriod(kept.id!, new Date(Date.now() - 1000));
    expect((await instance().runOnce()).renewed).toBe(0);
    expect(await renewalCharges(kept.id!)).toEqual([599, 599]);
  });

  it('retries a reminder the mailer did not accept on the next pass, and sends it once, also with two instances', async () => {
    const who = await member('monthly', 'member whose reminder bounces once');
    const now = Date.now();
    await endPeriod(who.id!, new Date(now + 2 * DAY));
    let refusals = 0;
    const refusingOnce = (mailer: Mailer): Mailer => ({
      ...mailer,
      kind: mailer.kind,
      send: (message) => {
        if (message.to === who.email && refusals === 0) {
          refusals++;
          return Promise.reject(new Error('mail server unavailable'));
        }
        return mailer.send(message);
      },
      close: () => mailer.close(),
    });

    await instance(refusingOnce).runOnce(new Date(now));
    expect(refusals).toBe(1);
    expect(await reminders(who.email!)).toHaveLength(0);

    // The next pass, on two instances at once: the reminder goes out, once.
    await Promise.all([instance().runOnce(new Date(now + 60_000)), instance().runOnce(new Date(now + 60_000))]);
    expect(await reminders(who.email!)).toHaveLength(1);
    await instance().runOnce(new Date(now + 120_000));
    expect(await reminders(who.email!)).toHaveLength(1);
    expect((await membershipRow(who.id!)).reminder_sent_for?.getTime()).toBe(now + 2 * DAY);
  });

  it('sends a reminder whose claiming instance died before sending, once its lease ran out, and never after the renewal date', async () => {
    const who = await member('monthly', 'member whose reminder was claimed by a dead instance');
    const other = await member('monthly', 'member whose reminder came too late');
    const now = Date.now();
    const end = new Date(now + 2 * DAY);
    await endPeriod(who.id!, end);
    await endPeriod(other.id!, new Date(now + 1000));
    const lead = { minDays: 30, longFromDays: 365, longLeadDays: 7, shortLeadDays: 3 };
    // An instance claims both and dies before sending.
    const claimed = await claimRenewalReminders(t.database.db, new Date(now), lead, 10 * 60_000);
    expect(claimed.map((c) => c.user_id)).toEqual(expect.arrayContaining([who.id, other.id]));

    // While its lease holds, nobody else sends them.
    await instance().runOnce(new Date(now + 60_000));
    expect(await reminders(who.email!)).toHaveLength(0);
    // After it, a pass sends the one still ahead of its renewal; the other renewal date has passed.
    await instance().runOnce(new Date(now + 11 * 60_000));
    expect(await reminders(who.email!)).toHaveLength(1);
    expect(await reminders(other.email!)).toHaveLength(0);
    await instance().runOnce(new Date(now + 12 * 60_000));
    expect(await reminders(who.email!)).toHaveLength(1);
  });
});
