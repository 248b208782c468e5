import type { FieldErrors } from '@episodic/contract';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Password rules (also shown on the forms before submitting): 8–200 characters, a letter and a digit. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'Use at least one letter and one number.';
  return null;
}

/** Field errors for a new password and its repetition. */
export function newPasswordErrors(password: string, confirmPassword: string, field = 'password'): FieldErrors {
  const errors: FieldErrors = {};
  const problem = passwordProblem(password);
  if (problem) errors[field] = problem;
  if (!confirmPassword) errors.confirmPassword = 'Please repeat your password.';
  else if (confirmPassword !== password) errors.confirmPassword = 'The passwords do not match.';
  return errors;
}
