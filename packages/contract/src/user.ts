import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { LANGUAGES } from './languages';

export { USER_TOKEN_HEADER, SESSION_COOKIE } from './constants';

export const LanguageSchema = LiteralUnion(LANGUAGES);

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
