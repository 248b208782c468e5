import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict } from '../../http/errors';
import { lockActiveOwners } from './team.repository';

/**
 * The business always keeps an owner who can sign in: demoting, disabling or removing the last
 * enabled owner is refused. Reads the owners under their row locks (taken in id order), so two
 * owners demoting each other at once cannot both succeed: the second waits, then sees one owner.
 */
export async function assertOwnerRemains(trx: Kysely<DB> | Transaction<DB>, leavingId: string): Promise<void> {
  const owners = await lockActiveOwners(trx);
  if (owners.includes(leavingId) && owners.length <= 1)
    throw conflict('not_allowed_now', 'This is the last owner. Make another operator an owner first.');
}
