import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { LANGUAGES } from './languages';
import { PASSWORD_MAX } from './constants';

export { USER_TOKEN_HEADER, SESSION_COOKIE, PASSWORD_MIN, PASSWORD_MAX, NO_MEMBERSHIP } from './constants';

export const LanguageSchema = LiteralUnion(LANGUAGES);
/**
 * The `lang` query parameter of the catalog's reads: one of `LANGUAGES` picks the answer's language;
 * any other short value is ignored in favour of Accept-Language (so it is not refused).
 */
export const LangParamSchema = Type.String({
  maxLength: 5,
  description: `One of ${LANGUAGES.join(', ')}; any other value falls back to Accept-Language.`,
});
export const LangQuerySchema = Type.Object({ lang: Type.Optional(LangParamSchema) });
export type LangQuery = Static<typeof LangQuerySchema>;

export const MembershipSchema = Type.Object({
  active: Type.Boolean(),
  planId: Type.Union([Type.String(), Type.Null()]),
  renewsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  autoRenew: Type.Boolean(),
  /** The plan's name in the user's language (null without a membership). */
  planName: Type.Union([Type.String(), Type.Null()]),
  /**
   * What each renewal charges, in minor units of `currency`, every `renewalDays`: the terms the member
   * agreed to when paying, which a later change of the plan's price does not touch (null without a membership).
   */
  renewalPrice: Type.Union([Type.Integer(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
  renewalDays: Type.Union([Type.Integer(), Type.Null()]),
});
export type Membership = Static<typeof MembershipSchema>;

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  isGuest: Type.Boolean(),
  /** The account proved its email (an emailed link, a password reset, or Facebook vouching for it). */
  emailVerified: Type.Boolean(),
  language: LanguageSchema,
  /** All coins (`paidCoins` + `bonusCoins`). */
  coins: Type.Integer(),
  /** Coins bought with money. */
  paidCoins: Type.Integer(),
  /** Coins given (rewards, plans' bonuses, grants): spent before bought ones. */
  bonusCoins: Type.Integer(),
  autoUnlock: Type.Boolean(),
  membership: MembershipSchema,
});
export type User = Static<typeof UserSchema>;

// ---------------------------------------------------------------- requests
// The form fields are optional where the server answers a missing one with the form's own prompt
// (a field error), rather than a schema error.

const Email = Type.Optional(Type.String({ maxLength: 254 }));
const NewPassword = Type.Optional(Type.String({ maxLength: PASSWORD_MAX }));
const CurrentPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });
const LinkToken = Type.String({ minLength: 1, maxLength: 200 });

/** `POST /api/user/login`. */
export const LoginInputSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: CurrentPassword,
});
export type LoginInput = Static<typeof LoginInputSchema>;

/** `POST /api/user/register`: `agree` is the acceptance of the terms. */
export const RegisterInputSchema = Type.Object({
  email: Email,
  password: NewPassword,
  confirmPassword: NewPassword,
  agree: Type.Optional(Type.Boolean()),
});
export type RegisterInput = Static<typeof RegisterInputSchema>;

/** `POST /api/user/logout`: this device's session, or every session (`everywhere`). */
export const LogoutInputSchema = Type.Object({ everywhere: Type.Optional(Type.Boolean()) });
export type LogoutInput = Static<typeof LogoutInputSchema>;

/** `POST /api/user/password/forgot`. */
export const ForgotPasswordInputSchema = Type.Object({ email: Email });
export type ForgotPasswordInput = Static<typeof ForgotPasswordInputSchema>;

/** `POST /api/user/password/reset`: a new password, with the emailed link's token. */
export const ResetPasswordInputSchema = Type.Object({
  token: LinkToken,
  password: NewPassword,
  confirmPassword: NewPassword,
});
export type ResetPasswordInput = Static<typeof ResetPasswordInputSchema>;

/** `POST /api/user/password/reset/check`: whether an emailed reset link still works (nothing is used up). */
export const ResetLinkStateSchema = Type.Object({ usable: Type.Boolean() });
export type ResetLinkState = Static<typeof ResetLinkStateSchema>;

/** A token that arrived in a link: `POST /api/user/email/verify` and `POST /api/user/session/exchange`. */
export const LinkTokenInputSchema = Type.Object({ token: LinkToken });
export type LinkTokenInput = Static<typeof LinkTokenInputSchema>;

/** `POST /api/user/password`: the current password, and the new one twice. */
export const ChangePasswordInputSchema = Type.Object({
  currentPassword: CurrentPassword,
  password: NewPassword,
  confirmPassword: NewPassword,
});
export type ChangePasswordInput = Static<typeof ChangePasswordInputSchema>;

/** `POST /api/user/profile`: the interface language and the auto-unlock preference. */
export const ProfileInputSchema = Type.Object({
  language: Type.Optional(LanguageSchema),
  autoUnlock: Type.Optional(Type.Boolean()),
});
export type ProfileInput = Static<typeof ProfileInputSchema>;

/** `POST /api/user/delete`: the account's password confirms it. */
export const DeleteAccountInputSchema = Type.Object({ password: CurrentPassword });
export type DeleteAccountInput = Static<typeof DeleteAccountInputSchema>;

// ---------------------------------------------------------------- Facebook sign-in

/** `GET /api/user/providers`: the sign-in providers offered besides email. */
export const SignInProvidersSchema = Type.Object({ facebook: Type.Boolean() });
export type SignInProviders = Static<typeof SignInProvidersSchema>;

/** `GET /api/user/oauth/facebook`: where in the app to come back to (a path on this site). */
export const FacebookStartQuerySchema = Type.Object({
  returnTo: Type.Optional(Type.String({ maxLength: 500 })),
  /** The language the viewer chose during this visit: the account takes it (else the interface takes the account's). */
  lang: Type.Optional(LanguageSchema),
});
export type FacebookStartQuery = Static<typeof FacebookStartQuerySchema>;

/** `GET /api/user/oauth/facebook/callback`: what Facebook appends, on success or refusal. */
export const FacebookCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_reason: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FacebookCallbackQuery = Static<typeof FacebookCallbackQuerySchema>;
