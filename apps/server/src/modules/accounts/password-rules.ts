import { fieldProblem, type FieldProblem, type FieldProblems } from '../../http/errors';

import { PASSWORD_MAX, PASSWORD_MIN } from '@episodic/contract';

export { PASSWORD_MAX, PASSWORD_MIN };

/** Password rules (also shown on the forms before submitting): 8–200 characters, a letter and a digit. */
export function passwordProblem(password: string): FieldProblem | null {
  if (password.length < PASSWORD_MIN)
    return fieldProblem('password_too_short', `Use at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX)
    return fieldProblem('password_too_long', `Use at most ${PASSWORD_MAX} characters.`);
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    return fieldProblem('password_letter_and_number', 'Use at least one letter and one number.');
  }
  return null;
}

/** Field errors for a new password and its repetition. */
export function newPasswordErrors(password: string, confirmPassword: string, field = 'password'): FieldProblems {
  const errors: FieldProblems = {};
  const problem = passwordProblem(password);
  if (problem) errors[field] = problem;
  if (!confirmPassword) errors.confirmPassword = fieldProblem('repeat_required', 'Please repeat your password.');
  else if (confirmPassword !== password)
    errors.confirmPassword = fieldProblem('password_mismatch', 'The passwords do not match.');
  return errors;
}
