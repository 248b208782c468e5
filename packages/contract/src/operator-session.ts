import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { OPERATOR_ROLES } from './operator-roles';

/**
 * The operator console's own session: an HttpOnly cookie that only the console's API receives (its
 * path), never readable by page scripts and never accepted from a header. The viewer app's session
 * (`SESSION_COOKIE`, `X-User-Token`) does not open the console API.
 */
export const ADMIN_SESSION_COOKIE = 'episodic_operator';
/** The one path the operator cookie is sent to. */
export const ADMIN_SESSION_PATH = '/api/admin';
/** Refunds, grants and role changes need the password entered within this many minutes. */
export const ADMIN_REAUTH_MINUTES = 15;
export { REAUTH_REQUIRED } from './constants';

export const AdminSignInInputSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AdminSignInInput = Static<typeof AdminSignInInputSchema>;

export const AdminReauthInputSchema = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) });
export type AdminReauthInput = Static<typeof AdminReauthInputSchema>;

export const AdminSessionSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  /** The operator's console role: what the console shows and the API allows. */
  role: LiteralUnion(OPERATOR_ROLES),
  /** When the operator last entered the password (sign-in or a re-confirmation). */
  passwordConfirmedAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type AdminSession = Static<typeof AdminSessionSchema>;

export const AdminRoleInputSchema = Type.Object({
  role: Type.Union([Type.Literal('admin'), Type.Literal('viewer')]),
  /** The console role given with operator access (default: content, the narrowest). */
  operatorRole: Type.Optional(LiteralUnion(OPERATOR_ROLES)),
  reason: Type.String({ maxLength: 500 }),
});
export type AdminRoleInput = Static<typeof AdminRoleInputSchema>;
