import { sql, type Kysely } from 'kysely';

/**
 * The console's orders search by an email fragment with an `@` (`name@exam`, a whole address): the
 * part before the `@` ends the account's local part, so the accounts whose reversed local part starts
 * with it are found by a range of this index, where the email's trigram index reads the posting lists
 * of every trigram the fragment shares with a million addresses (`example`, `viewer`: 20 ms). Not
 * partial, so the planner keeps statistics on the expression; `C` collation, so LIKE 'prefix%' is a
 * range. Addresses with a second `@` are too few to matter and are found through the small partial
 * index (docs/QUERIES.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_email_local_rev_idx ON users ((reverse(split_part(email, '@', 1)) COLLATE "C"))`.execute(
    db,
  );
  await sql`CREATE INDEX users_email_two_at_idx ON users (id) WHERE email LIKE '%@%@%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_email_local_rev_idx, users_email_two_at_idx`.execute(db);
}
