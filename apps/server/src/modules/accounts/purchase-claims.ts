import type { Kysely, Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, UserRow } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import * as repo from './accounts.repository';
import { purchaseLinkEmail } from './account-emails';
import { hashSessionToken, newSessionToken } from './session-tokens';
import type { AccountLimit } from './account-limits';
import type { Later } from './accounts.service';

/** A purchase's set-password link lasts a week: receipts are read later than reset emails. */
const PURCHASE_LINK_DAYS = 7;
const LINKS_PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 };

export interface PurchaseClaimDeps {
  db: Kysely<DB>;
  mailer?: Mailer | undefined;
  publicUrl: string;
  limit: AccountLimit;
  /** Guests who paid giving this email, the latest first (billing's). */
  guestBuyers?: ((email: string) => Promise<string[]>) | undefined;
  /** Sends mail off the answer's path. */
  later: Later;
}

const emailHasAccount = () =>
  conflict(
    'email_has_account',
    'This email already has an Episodic account. Sign in with it on the device you paid on, and your purchase moves into it.',
  );

/**
 * A guest's purchase is never orphaned: the address the guest gave when paying gets a single-use
 * link that makes that guest an account with that address. The address proves nothing until the
 * link is used (whoever typed it may not own it), so typing an email never reaches anyone's
 * purchases, and an address that already has an account is never attached to a guest.
 */
export function createPurchaseClaims({ db, mailer, publicUrl, limit, guestBuyers, later }: PurchaseClaimDeps) {
  /**
   * The set-password link for the guest who paid giving this email: `account` when the address
   * already has an account (the purchase stays with the guest until they sign in to it there), null
   * when the buyer is no longer a guest.
   */
  async function purchaseLink(guestId: string, email: string): Promise<string | 'account' | null> {
    if (await repo.findUserByEmail(db, email)) return 'account';
    const guest = await repo.findUserById(db, guestId);
    if (!guest?.is_guest || guest.disabled_at) return null;
    const token = newSessionToken();
    await repo.insertPasswordReset(db, {
      userId: guestId,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(Date.now() + PURCHASE_LINK_DAYS * 86_400_000),
      email,
    });
    return `${publicUrl}/retrievePassword?token=${encodeURIComponent(token)}&purchase=1`;
  }

  /**
   * Mails the latest guest buyer's set-password link to an address nobody's account holds, when a
   * guest (other than the caller's own) paid giving it. Answers whether there was such a buyer.
   */
  async function offerPurchaseLink(email: string, lang: Language, callerGuestId?: string): Promise<boolean> {
    const buyers = ((await guestBuyers?.(email)) ?? []).filter((id) => id !== callerGuestId);
    if (buyers.length === 0) return false;
    await limit([`purchase-link:${email}`, LINKS_PER_EMAIL]);
    const link = await purchaseLink(buyers[0]!, email);
    if (typeof link !== 'string') return false;
    const mail = purchaseLinkEmail(email, link, PURCHASE_LINK_DAYS, lang);
    if (mailer) later('purchase link mail', () => mailer.send(mail));
    return true;
  }

  /**
   * Using a purchase's link: the guest becomes the account of the address the link was mailed to
   * (opening that mail proved it), with the new password. Refused when the address has an account by now.
   */
  async function promoteBuyer(
    trx: Transaction<DB>,
    guest: UserRow,
    email: string,
    passwordHash: string,
  ): Promise<UserRow> {
    if (await repo.findUserByEmail(trx, email)) throw emailHasAccount();
    try {
      return await repo.updateUser(trx, guest.id, { email, password_hash: passwordHash, is_guest: false });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw emailHasAccount();
      throw err;
    }
  }

  return { purchaseLink, offerPurchaseLink, promoteBuyer };
}

export type PurchaseClaims = ReturnType<typeof createPurchaseClaims>;
