import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// A database from before console roles: one operator who could do everything, and a viewer.
const before = databaseAfter('0021-refund-rewards');

describe('migration 0024-operator-roles', () => {
  it('makes every existing operator an owner and nobody else anything, and keeps the two columns together', async () => {
    const { db } = before;
    await sql`INSERT INTO users (email, is_guest, role) VALUES
      ('ops@example.com', false, 'admin'), ('viewer@example.com', false, 'viewer')`.execute(db);

    await before.migrateToLatest();

    const roles = async () =>
      (
        await sql<{ email: string; role: string; operator_role: string | null }>`
          SELECT email, role, operator_role FROM users ORDER BY email`.execute(db)
      ).rows;
    expect(await roles()).toEqual([
      { email: 'ops@example.com', role: 'admin', operator_role: 'owner' },
      { email: 'viewer@example.com', role: 'viewer', operator_role: null },
    ]);
    // A writer that knows only `role` still leaves a consistent pair.
    await sql`UPDATE users SET role = 'viewer' WHERE email = 'ops@example.com'`.execute(db);
    await sql`UPDATE users SET role = 'admin' WHERE email = 'viewer@example.com'`.execute(db);
    expect(await roles()).toEqual([
      { email: 'ops@example.com', role: 'viewer', operator_role: null },
      { email: 'viewer@example.com', role: 'admin', operator_role: 'owner' },
    ]);
    await sql`UPDATE users SET operator_role = 'content' WHERE email = 'viewer@example.com'`.execute(db);
    expect((await roles())[1]!.operator_role).toBe('content');
  });
});
