import { Type, type Static } from 'typebox';

export { LANGUAGES, DEFAULT_LANGUAGE, USER_TOKEN_HEADER, SESSION_COOKIE, type Language } from './constants';

export const LanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('es'), Type.Literal('fy'), Type.Literal('dy'), Type.Literal('pt')]);

export const MembershipSchema = Type.Object({
  active: Type.Boolean(),
  planId: Type.Union([Type.String(), Type.Null()]),
  renewsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  autoRenew: Type.Boolean(),
});
export type Membership = Static<typeof MembershipSchema>;

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  isGuest: Type.Boolean(),
  /** The account proved its email (an emailed link, a password reset, or Facebook vouching for it). */
  emailVerified: Type.Boolean(),
  language: LanguageSchema,
  coins: Type.Integer(),
  autoUnlock: Type.Boolean(),
  membership: MembershipSchema,
});
export type User = Static<typeof UserSchema>;
