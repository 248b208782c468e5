import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export function listSettings(
  db: Kysely<DB> | Transaction<DB>,
): Promise<{ config_key: string; config_value: string }[]> {
  return db.selectFrom('settings').select(['config_key', 'config_value']).orderBy('config_key').execute();
}
