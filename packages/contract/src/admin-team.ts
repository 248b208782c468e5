import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './admin-kit';
import { LiteralUnion } from './envelope';
import { OPERATOR_ROLES } from './operator-roles';

// ---------------------------------------------------------------- the console's team (owners only)

const OperatorRoleSchema = LiteralUnion(OPERATOR_ROLES);

export const AdminTeamMemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: OperatorRoleSchema,
  /** A disabled operator cannot sign in anywhere until enabled again. */
  status: LiteralUnion(['active', 'disabled'] as const),
  lastSignInAt: Nullable(DateTime),
  /** The operator reading the list. */
  you: Type.Boolean(),
});
export type AdminTeamMember = Static<typeof AdminTeamMemberSchema>;

export const AdminTeamInvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: OperatorRoleSchema,
  invitedBy: Nullable(Type.String()),
  createdAt: DateTime,
  expiresAt: DateTime,
});
export type AdminTeamInvitation = Static<typeof AdminTeamInvitationSchema>;

export const AdminTeamSchema = Type.Object({
  members: Type.Array(AdminTeamMemberSchema),
  /** Invitations not yet accepted, withdrawn or expired. */
  invitations: Type.Array(AdminTeamInvitationSchema),
});
export type AdminTeam = Static<typeof AdminTeamSchema>;

export const AdminInviteInputSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  role: OperatorRoleSchema,
});
export type AdminInviteInput = Static<typeof AdminInviteInputSchema>;

export const AdminTeamRoleInputSchema = Type.Object({ role: OperatorRoleSchema });
export type AdminTeamRoleInput = Static<typeof AdminTeamRoleInputSchema>;

/** The emailed invitation's token (from the link), sent in a body so it never sits in a logged address. */
export const AdminInvitationTokenInputSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AdminInvitationTokenInput = Static<typeof AdminInvitationTokenInputSchema>;

export const AdminInvitationSchema = Type.Object({
  email: Type.String(),
  role: OperatorRoleSchema,
  /** The address already has an account: accepting asks for its password instead of a new one. */
  hasAccount: Type.Boolean(),
  expiresAt: DateTime,
});
export type AdminInvitation = Static<typeof AdminInvitationSchema>;

export const AdminInvitationAcceptInputSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  /** A new password (no account yet) or the account's own password. */
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AdminInvitationAcceptInput = Static<typeof AdminInvitationAcceptInputSchema>;

export const AdminInvitationAcceptedSchema = Type.Object({ email: Type.String(), role: OperatorRoleSchema });
export type AdminInvitationAccepted = Static<typeof AdminInvitationAcceptedSchema>;
