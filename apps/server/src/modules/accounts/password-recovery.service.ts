import type { Kysely } from 'kysely';
import type { Language, User } from '@episodic/contract';
import { toLanguage } from '../../http/language';
import type { DB, UserRow } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { AppError, TooManyRequests, fieldProblem, invalidInput, loginRequired } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { addressKey } from '../../http/client-address';
import * as repo from './accounts.repository';
import type { insertSession } from './sessions.repository';
import { hashSessionToken, newSessionToken } from './session-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { isValidEmail, normalizeEmail } from './email';
import { newPasswordErrors } from './password-rules';
import { passwordResetEmail } from './account-emails';
import { LIMITS, type AccountLimit } from './account-limits';
import type { PurchaseClaims } from './purchase-claims';
import type { Later } from './accounts.service';

const RESET_MINUTES = 60;

export interface PasswordRecoveryDeps {
  db: Kysely<DB>;
  mailer?: Mailer | undefined;
  publicUrl: string;
  limit: AccountLimit;
  /** Issues a new session token for the user inside the transaction. */
  startSession: (trx: Parameters<typeof insertSession>[0], userId: string, userAgent: string | null) => Promise<string>;
  /** The user as the API shows it. */
  present: (row: UserRow) => Promise<User>;
  /** The links that make a guest who paid giving an email the account of that email. */
  claims: PurchaseClaims;
  /** Sends mail off the answer's path. */
  later: Later;
}

/** A forgotten password's emailed reset link, and a known password's change. */
export function createPasswordRecovery({
  db,
  mailer,
  publicUrl,
  limit,
  startSession,
  present,
  claims,
  later,
}: PasswordRecoveryDeps) {
  /**
   * Sends a single-use reset link when the email belongs to an account, or the set-password link of
   * the guest who paid giving it. The answer is the same whether or not it does, and takes about as long.
   */
  async function forgotPassword(emailInput: string, lang: Language, ip: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    if (!email) throw invalidInput({ email: fieldProblem('email_required', 'Please enter your email.') });
    if (!isValidEmail(email))
      throw invalidInput({ email: fieldProblem('email_invalid', 'Enter a valid email address.') });
    await limit([`reset:ip:${addressKey(ip)}`, LIMITS.resetPerIp], [`reset:account:${email}`, LIMITS.resetPerAccount]);
    const row = await repo.findUserByEmail(db, email);
    if (!row) {
      // Off the answer's path too: whether a guest bought with this address is nobody's business.
      // Its own limit (links an address gets an hour) reached is expected, not a fault to report.
      later('purchase link offer', () =>
        claims.offerPurchaseLink(email, lang).catch((err: unknown) => {
          if (!(err instanceof TooManyRequests)) throw err;
        }),
      );
      return;
    }
    if (row.is_guest || row.disabled_at) return;
    const token = newSessionToken();
    // Only the newest link works: the ones before it are revoked as it is made.
    await db.transaction().execute(async (trx) => {
      await repo.revokePasswordResets(trx, row.id);
      await repo.insertPasswordReset(trx, {
        userId: row.id,
        tokenHash: hashSessionToken(token),
        expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
      });
    });
    const link = `${publicUrl}/retrievePassword?token=${encodeURIComponent(token)}`;
    const message = passwordResetEmail(email, link, RESET_MINUTES, toLanguage(row.language || lang));
    // Sent off the answer's path so its timing does not tell that the account exists.
    if (mailer) later('password reset mail', () => mailer.send(message));
  }

  /**
   * Sets a new password from an emailed link (once), revokes the account's other reset links, signs out
   * everywhere else and signs in here. Opening the emailed link proves the address: the email is verified.
   * A purchase's link makes its guest the account of the address it was mailed to.
   */
  async function resetPassword(
    input: { token: string; password: string; confirmPassword: string },
    caller: { userAgent: string | null },
  ): Promise<{ user: User; token: string }> {
    const fields = newPasswordErrors(input.password, input.confirmPassword);
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
    const passwordHash = await hashPassword(input.password);
    const reset = await db.transaction().execute(async (trx) => {
      const used = await repo.consumePasswordReset(trx, hashSessionToken(input.token));
      const user = used && (await repo.findUserById(trx, used.userId));
      // A purchase's link names the address it was mailed to: it acts for that address only, never for
      // an account the guest became under another one.
      const mismatch = used?.email ? !user?.is_guest && user?.email !== used.email : user?.is_guest;
      if (!used || !user || mismatch)
        throw new AppError(410, 'This link has expired or was already used. Ask for a new one.', 'link_expired');
      const userId = user.id;
      await repo.revokePasswordResets(trx, userId);
      const row = user.is_guest
        ? await claims.promoteBuyer(trx, user, used.email!, passwordHash)
        : await repo.updateUser(trx, userId, { password_hash: passwordHash });
      await repo.markEmailVerified(trx, userId);
      await repo.revokeAllSessions(trx, userId);
      const token = await startSession(trx, userId, caller.userAgent);
      return { row: (await repo.findUserById(trx, userId)) ?? row, token };
    });
    return { user: await present(reset.row), token: reset.token };
  }

  /**
   * Whether an emailed reset link would still set a password, asked when the link is opened so a used
   * or expired one says so before the form is filled. Uses nothing up; limited per address.
   */
  async function checkResetLink(token: string, ip: string): Promise<boolean> {
    await limit([`reset-check:ip:${addressKey(ip)}`, LIMITS.resetCheckPerIp]);
    const reset = await repo.findUsablePasswordReset(db, hashSessionToken(token));
    if (!reset) return false;
    // The same rule as resetPassword: a purchase's link acts for its guest and address only.
    return reset.email ? reset.isGuest || reset.userEmail === reset.email : !reset.isGuest;
  }

  /** Changes the password after checking the current one; other devices are signed out and reset links revoked. */
  async function changePassword(
    auth: AuthUser,
    input: { currentPassword: string; password: string; confirmPassword: string },
  ): Promise<void> {
    const row = await repo.findUserById(db, auth.userId);
    if (!row || row.is_guest) throw loginRequired();
    if (!(await verifyPassword(row.password_hash, input.currentPassword)))
      throw invalidInput({
        currentPassword: fieldProblem('current_password_wrong', 'This is not your current password.'),
      });
    const fields = newPasswordErrors(input.password, input.confirmPassword);
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, auth.userId, { password_hash: passwordHash });
      await repo.revokeAllSessions(trx, auth.userId, auth.sessionId);
      await repo.revokePasswordResets(trx, auth.userId);
    });
  }

  return { forgotPassword, checkResetLink, resetPassword, changePassword };
}
