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
  // Keeps the two columns together for writers that know only `role` (scripts, older code): an
  // account made an operator without a console role is an owner, as every operator was before;
  // an account that stops being an operator loses its console role. The code always names the role.
  await sql`
    CREATE FUNCTION users_operator_role_default() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.role = 'admin' AND NEW.operator_role IS NULL THEN
        NEW.operator_role := 'owner';
      ELSIF NEW.role <> 'admin' THEN
        NEW.operator_role := NULL;
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER users_operator_role_default BEFORE INSERT OR UPDATE OF role, operator_role ON users
    FOR EACH ROW EXECUTE FUNCTION users_operator_role_default()`.execute(db);
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
  await sql`DROP TRIGGER users_operator_role_default ON users`.execute(db);
  await sql`DROP FUNCTION users_operator_role_default()`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_operator_role, DROP COLUMN operator_role`.execute(db);
}
