import type { Kysely } from 'kysely';
import { toLanguage } from '../../http/language';
import type { DB, UserRow } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { addressKey } from '../../http/client-address';
import { AppError, loginRequired } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import * as repo from './accounts.repository';
import { emailVerificationEmail } from './account-emails';
import { hashSessionToken, newSessionToken } from './session-tokens';

const VERIFY_HOURS = 24;
const LIMITS = {
  verifyPerIp: { limit: 10, windowSeconds: 60 * 60 },
  verifyPerAccount: { limit: 3, windowSeconds: 60 * 60 },
};

type Rule = { limit: number; windowSeconds: number };

export interface EmailVerificationDeps {
  db: Kysely<DB>;
  mailer?: Mailer | undefined;
  publicUrl: string;
  /** The accounts service's rate limit: throws a 429 once a key is over its rule. */
  limit: (...checks: [string, Rule][]) => Promise<void>;
}

/**
 * Proving an account's email: the emailed single-use link, and the Facebook sign-in that waited for
 * the account's password. An email counts as the person's only once proven.
 */
export function createEmailVerification({ db, mailer, publicUrl, limit }: EmailVerificationDeps) {
  /** Emails a new single-use verification link for the account's address (off the answer's path). */
  async function sendVerification(row: UserRow): Promise<void> {
    if (!row.email || row.email_verified_at) return;
    const token = newSessionToken();
    await repo.insertEmailVerification(db, {
      userId: row.id,
      email: row.email,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(Date.now() + VERIFY_HOURS * 3_600_000),
    });
    const link = `${publicUrl}/my?verifyToken=${encodeURIComponent(token)}`;
    void mailer
      ?.send(emailVerificationEmail(row.email, link, VERIFY_HOURS, toLanguage(row.language)))
      .catch(() => undefined);
  }

  /** Sends the signed-in account a new verification link, unless its email is verified already. */
  async function resendVerification(auth: AuthUser, ip: string): Promise<void> {
    const row = await repo.findUserById(db, auth.userId);
    if (!row || row.is_guest) throw loginRequired();
    if (row.email_verified_at) return;
    await limit(
      [`verify:ip:${addressKey(ip)}`, LIMITS.verifyPerIp],
      [`verify:account:${row.id}`, LIMITS.verifyPerAccount],
    );
    await sendVerification(row);
  }

  /** Completes an emailed verification link (once); it proves the address and signs nobody in. */
  async function verifyEmail(token: string): Promise<void> {
    const userId = await repo.consumeEmailVerification(db, hashSessionToken(token));
    if (!userId)
      throw new AppError(
        410,
        'This link has expired or was already used. Ask for a new one on your account page.',
        'link_expired',
      );
  }

  /**
   * Links a Facebook identity that waited for this account's password (the same browser, within minutes
   * of the Facebook sign-in). Returns whether it was linked.
   */
  async function completePendingLink(token: string, userId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const pending = await repo.takePendingLink(trx, hashSessionToken(token));
      if (!pending || pending.user_id !== userId) return false;
      const row = await repo.findUserById(trx, userId);
      if (!row || row.disabled_at || row.email !== pending.email) return false;
      await repo.linkIdentity(trx, {
        provider: pending.provider,
        providerUserId: pending.provider_user_id,
        userId,
        email: pending.email,
      });
      // Facebook vouched for the address and the password proved the account: the email is this person's.
      if (pending.email_verified) await repo.markEmailVerified(trx, userId);
      return true;
    });
  }

  return { sendVerification, resendVerification, verifyEmail, completePendingLink };
}
