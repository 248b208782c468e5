import { sql, type Kysely } from 'kysely';

/**
 * Operator sessions beside viewer sessions: the console signs in on its own (`kind = 'operator'`),
 * so a viewer's token never opens the console API and signing in or out of the viewer app leaves
 * the console's session alone. `password_at` is when the operator last entered the password, for
 * the actions that ask for it again. Revoking "every session" of an account ends both kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN kind text NOT NULL DEFAULT 'viewer' CHECK (kind IN ('viewer', 'operator'))`.execute(
    db,
  );
  await sql`ALTER TABLE sessions ADD COLUMN password_at timestamptz`.execute(db);
  await sql`ALTER TABLE sessions ADD CONSTRAINT sessions_operator_password CHECK (kind = 'viewer' OR password_at IS NOT NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sessions WHERE kind = 'operator'`.execute(db);
  await sql`ALTER TABLE sessions DROP CONSTRAINT sessions_operator_password, DROP COLUMN password_at, DROP COLUMN kind`.execute(
    db,
  );
}
