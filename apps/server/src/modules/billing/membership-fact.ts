import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findMembership } from './memberships.repository';
import { membershipDto } from './billing.service';

/** Whether the user's membership is active now (its paid period not over): what the access module asks of billing. */
export async function isActiveMember(db: Kysely<DB>, userId: string): Promise<boolean> {
  return membershipDto(await findMembership(db, userId)).active;
}
