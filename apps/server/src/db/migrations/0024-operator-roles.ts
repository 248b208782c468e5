import { sql, type Kysely } from 'kysely';

/**
 * Console roles and invitations. `users.role = 'admin'` still means "an operator"; `operator_role`
 * says which part of the console that operator runs, and exists exactly when the account is an
 * operator. Every operator before this migration becomes an owner (they could do everything).
 * An invitation is a single-use, expiring link mailed to an address; only the token's SHA-256 is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN operator_role text
    CHECK (operator_role IN ('owner', 'content', 'finance_support'))`.execute(db);
  await sql`UPDATE users SET operator_role = 'owner' WHERE role = 'admin'`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_operator_role
    CHECK ((role = 'admin') = (operator_role IS NOT NULL))`.execute(db);
  await sql`
    CREATE TABLE operator_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      operator_role text NOT NULL CHECK (operator_role IN ('owner', 'content', 'finance_support')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      revoked_at timestamptz
    )`.execute(db);
  // One open invitation per address: a new one withdraws the old in the same transaction.
  await sql`CREATE UNIQUE INDEX operator_invitations_open_idx ON operator_invitations (lower(email))
    WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE operator_invitations`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_operator_role, DROP COLUMN operator_role`.execute(db);
}
