import { PASSWORD_MAX, PASSWORD_MIN } from '@episodic/contract/constants';

/** The server's password rules (apps/server accounts/password-rules), checked while typing. */
export { PASSWORD_MAX, PASSWORD_MIN };

export type PasswordRule = 'length' | 'letterAndNumber' | 'match';

export interface PasswordRuleState {
  rule: PasswordRule;
  met: boolean;
}

/** 8 to 200 characters. */
export function hasPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/** At least one letter and one number, in any script. */
export function hasLetterAndNumber(password: string): boolean {
  return /\p{L}/u.test(password) && /\p{N}/u.test(password);
}

/** Each rule and whether the typed passwords meet it. */
export function passwordRules(password: string, confirmPassword: string): PasswordRuleState[] {
  return [
    { rule: 'length', met: hasPasswordLength(password) },
    { rule: 'letterAndNumber', met: hasLetterAndNumber(password) },
    { rule: 'match', met: confirmPassword.length > 0 && confirmPassword === password },
  ];
}
