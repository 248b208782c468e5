import type { Kysely, Transaction } from 'kysely';
import type { AdminInvitation, AdminInvitationAccepted, AdminTeam } from '@episodic/contract';
import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import { addressKey } from '../../http/client-address';
import { AppError, conflict, fieldProblem, invalidInput, notFound, userError } from '../../http/errors';
import type { RateLimiter } from '../../cache/rate-limiter';
import type { Mailer } from '../../mail/mailer';
import {
  createAccountLimit,
  hashPassword,
  hashSessionToken,
  isValidEmail,
  newSessionToken,
  normalizeEmail,
  passwordProblem,
  revokeOperatorSessionsOf,
  verifyPassword,
} from '../accounts/index';
import { writeAudit, type Operator } from './audit';
import * as repo from './team.repository';
import { invitationEmail } from './team-email';
import { assertOwnerRemains } from './team-rules';

/** An invitation's link works for three days: long enough for a weekend, short enough to go stale safely. */
export const INVITATION_HOURS = 72;
const LIMITS = {
  /** Invitations one operator sends in an hour. */
  invitesPerOperator: { limit: 20, windowSeconds: 60 * 60 },
  /** Checks and acceptances of invitation links from one address in an hour. */
  linksPerAddress: { limit: 30, windowSeconds: 60 * 60 },
};

export interface TeamDeps {
  db: Kysely<DB>;
  mailer: Pick<Mailer, 'send'>;
  limiter?: RateLimiter;
  /** Where the console is served (CONSOLE_URL, else PUBLIC_URL): the invitation link points there. */
  consoleBase: string;
}

type Member = NonNullable<Awaited<ReturnType<typeof repo.lockMember>>> & { operator_role: OperatorRole };

const linkGone = (message: string) => new AppError(410, message, 'link_expired');

export function createTeamService({ db, mailer, limiter, consoleBase }: TeamDeps) {
  const limit = createAccountLimit(limiter);

  async function list(operator: Operator): Promise<AdminTeam> {
    const now = new Date();
    const [members, invitations] = await Promise.all([repo.listMembers(db), repo.listOpenInvitations(db, now)]);
    return {
      members: members.map((m) => ({
        id: m.id,
        email: m.email,
        role: m.operator_role,
        status: m.disabled_at ? 'disabled' : 'active',
        lastSignInAt: m.last_sign_in_at ? new Date(m.last_sign_in_at).toISOString() : null,
        you: m.id === operator.userId,
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.operator_role,
        invitedBy: i.invited_by_email,
        createdAt: i.created_at.toISOString(),
        expiresAt: i.expires_at.toISOString(),
      })),
    };
  }

  /** Mails a single-use link; a new invitation to the same address withdraws the old one. */
  async function invite(operator: Operator, input: { email: string; role: OperatorRole }): Promise<AdminTeam> {
    const email = normalizeEmail(input.email);
    if (!isValidEmail(email))
      throw invalidInput({ email: fieldProblem('email_invalid', 'Enter a valid email address.') });
    await limit([`team-invite:${operator.userId}`, LIMITS.invitesPerOperator]);
    const token = newSessionToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 60 * 60 * 1000);
    let inviter: string | null = null;
    try {
      await db.transaction().execute(async (trx) => {
        const account = await repo.findAccountByEmail(trx, email);
        if (account?.role === 'admin')
          throw invalidInput({ email: fieldProblem('not_allowed_value', 'This address is already on the team.') });
        const replaced = await repo.revokeOpenInvitation(trx, email, now);
        await repo.insertInvitation(trx, {
          email,
          role: input.role,
          tokenHash: hashSessionToken(token),
          invitedBy: operator.userId,
          expiresAt,
        });
        inviter = await repo.emailOf(trx, operator.userId);
        await writeAudit(trx, operator, {
          action: 'team.invite',
          targetType: 'invitation',
          targetId: email,
          summary: `Invited ${email} as ${OPERATOR_ROLE_NAMES[input.role]}${replaced ? ' (replacing an earlier invitation)' : ''}${account ? ' (the address has an account)' : ''}`,
          after: { email, role: input.role, expiresAt: expiresAt.toISOString() },
        });
      });
    } catch (err) {
      // Two invitations to one address at once: the open-invitation index lets one through.
      if (isUniqueViolation(err))
        throw conflict('changed_meanwhile', 'This address was just invited. Reload the team.');
      throw err;
    }
    const link = `${consoleBase.replace(/\/$/, '')}/admin/invitation#token=${token}`;
    try {
      await mailer.send(invitationEmail(email, link, input.role, inviter, INVITATION_HOURS));
    } catch {
      // An invitation nobody received must not stay open: withdraw it and say so.
      await repo.revokeOpenInvitation(db, email, new Date());
      throw userError('server_error', 'The invitation email could not be sent. Please try again.');
    }
    return list(operator);
  }

  async function withdraw(operator: Operator, id: string): Promise<AdminTeam> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.revokeInvitationById(trx, id, new Date());
      if (!row) throw notFound('not_found', 'This invitation was already used or withdrawn.');
      await writeAudit(trx, operator, {
        action: 'team.withdraw-invitation',
        targetType: 'invitation',
        targetId: row.email,
        summary: `Withdrew the invitation of ${row.email} (${OPERATOR_ROLE_NAMES[row.operator_role]})`,
      });
    });
    return list(operator);
  }

  /** Runs a change to another operator under the owners' locks (the last-owner rule reads them). */
  async function changeMember(
    operator: Operator,
    id: string,
    change: (trx: Transaction<DB>, member: Member) => Promise<void>,
  ): Promise<AdminTeam> {
    if (id === operator.userId)
      throw conflict('not_allowed_now', 'You cannot change your own access. Ask another owner.');
    await db.transaction().execute(async (trx) => {
      // Owners first, then the member: every team change takes the locks in the same order.
      await repo.lockActiveOwners(trx);
      const member = await repo.lockMember(trx, id);
      if (member?.role !== 'admin' || !member.operator_role)
        throw notFound('not_found', 'This person is not on the team.');
      await change(trx, { ...member, operator_role: member.operator_role });
    });
    return list(operator);
  }

  const changeRole = (operator: Operator, id: string, role: OperatorRole) =>
    changeMember(operator, id, async (trx, m) => {
      if (m.operator_role === role) return;
      if (m.operator_role === 'owner') await assertOwnerRemains(trx, id);
      await repo.setOperatorRole(trx, id, role, new Date());
      await writeAudit(trx, operator, {
        action: 'team.change-role',
        targetType: 'user',
        targetId: id,
        summary: `Changed ${m.email ?? id} from ${OPERATOR_ROLE_NAMES[m.operator_role]} to ${OPERATOR_ROLE_NAMES[role]}`,
        before: { role: m.operator_role },
        after: { role },
      });
    });

  const disable = (operator: Operator, id: string) =>
    changeMember(operator, id, async (trx, m) => {
      if (m.disabled_at) return;
      if (m.operator_role === 'owner') await assertOwnerRemains(trx, id);
      const now = new Date();
      await repo.setDisabled(trx, id, now, now);
      const ended = await revokeOperatorSessionsOf(trx, id);
      await writeAudit(trx, operator, {
        action: 'team.disable',
        targetType: 'user',
        targetId: id,
        summary: `Disabled ${m.email ?? id} (${OPERATOR_ROLE_NAMES[m.operator_role]}) and ended ${ended} console session${ended === 1 ? '' : 's'}`,
        after: { disabledAt: now.toISOString() },
      });
    });

  const enable = (operator: Operator, id: string) =>
    changeMember(operator, id, async (trx, m) => {
      if (!m.disabled_at) return;
      await repo.setDisabled(trx, id, null, new Date());
      await writeAudit(trx, operator, {
        action: 'team.enable',
        targetType: 'user',
        targetId: id,
        summary: `Enabled ${m.email ?? id} (${OPERATOR_ROLE_NAMES[m.operator_role]}) again`,
        before: { disabledAt: m.disabled_at.toISOString() },
      });
    });

  /** Takes operator access away; the account stays a viewer account. */
  const remove = (operator: Operator, id: string) =>
    changeMember(operator, id, async (trx, m) => {
      if (m.operator_role === 'owner') await assertOwnerRemains(trx, id);
      await repo.setOperatorRole(trx, id, null, new Date());
      const ended = await revokeOperatorSessionsOf(trx, id);
      await writeAudit(trx, operator, {
        action: 'team.remove',
        targetType: 'user',
        targetId: id,
        summary: `Removed ${m.email ?? id} (${OPERATOR_ROLE_NAMES[m.operator_role]}) from the team and ended ${ended} console session${ended === 1 ? '' : 's'}`,
        before: { role: m.operator_role },
        after: { role: null },
      });
    });

  /** The invitation behind a link, or a 410 saying why it no longer works. */
  async function openInvitation(token: string, lock: boolean, trx: Kysely<DB> | Transaction<DB> = db) {
    const found = await repo.findInvitation(trx, hashSessionToken(token), lock);
    if (!found) throw linkGone('This invitation link is not valid. Ask an owner to invite you again.');
    if (found.accepted_at) throw linkGone('This invitation was already used. Sign in to the console instead.');
    if (found.revoked_at) throw linkGone('This invitation was withdrawn. Ask an owner to invite you again.');
    if (found.expires_at.getTime() <= Date.now())
      throw linkGone('This invitation has expired. Ask an owner to invite you again.');
    return found;
  }

  async function checkInvitation(token: string, ip: string): Promise<AdminInvitation> {
    await limit([`team-link:${addressKey(ip)}`, LIMITS.linksPerAddress]);
    const inv = await openInvitation(token, false);
    const account = await repo.findAccountByEmail(db, inv.email);
    return {
      email: inv.email,
      role: inv.operator_role,
      hasAccount: Boolean(account && !account.is_guest && account.password_hash),
      expiresAt: inv.expires_at.toISOString(),
    };
  }

  /**
   * Joins the team: a new account with the chosen password, or the address's existing account after
   * its own password. The invitation is locked and used in the same transaction: two acceptances at
   * once make one operator.
   */
  async function acceptInvitation(token: string, password: string, ip: string): Promise<AdminInvitationAccepted> {
    await limit([`team-link:${addressKey(ip)}`, LIMITS.linksPerAddress]);
    return db.transaction().execute(async (trx) => {
      const inv = await openInvitation(token, true, trx);
      const now = new Date();
      const account = await repo.lockAccountByEmail(trx, inv.email);
      let userId: string;
      if (account && !account.is_guest && account.password_hash) {
        if (account.disabled_at)
          throw conflict('not_allowed_now', 'This account is disabled. Ask an owner to enable it first.');
        if (!(await verifyPassword(account.password_hash, password)))
          throw invalidInput({ password: fieldProblem('password_wrong', 'This is not the password of your account.') });
        await repo.makeOperator(
          trx,
          account.id,
          { role: inv.operator_role, verifiedAt: account.email_verified_at ?? now },
          now,
        );
        userId = account.id;
      } else {
        const problem = passwordProblem(password);
        if (problem) throw invalidInput({ password: problem });
        const passwordHash = await hashPassword(password);
        if (account) {
          if (account.disabled_at)
            throw conflict('not_allowed_now', 'This account is disabled. Ask an owner to enable it first.');
          // A registered account without a password (Facebook only): the mailed link proves the address.
          await repo.makeOperator(trx, account.id, { role: inv.operator_role, passwordHash, verifiedAt: now }, now);
          userId = account.id;
        } else {
          userId = await repo.insertOperator(trx, { email: inv.email, role: inv.operator_role, passwordHash, now });
        }
      }
      await repo.markAccepted(trx, inv.id, userId, now);
      await writeAudit(
        trx,
        { userId, ip },
        {
          action: 'team.join',
          targetType: 'user',
          targetId: userId,
          summary: `${inv.email} accepted the invitation and joined as ${OPERATOR_ROLE_NAMES[inv.operator_role]}`,
          after: { role: inv.operator_role, existingAccount: Boolean(account) },
        },
      );
      return { email: inv.email, role: inv.operator_role };
    });
  }

  return { list, invite, withdraw, changeRole, disable, enable, remove, checkInvitation, acceptInvitation };
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export type TeamService = ReturnType<typeof createTeamService>;
