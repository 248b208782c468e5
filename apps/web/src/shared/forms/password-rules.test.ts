import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { passwordRules } from './password-rules';
import { formFailure } from './server-messages';
import { fieldText, reasonText } from '../i18n/failure-text';
import { safeReturnTo, withReturnTo } from '../links/return-to';
import { loginErrors, registrationErrors } from './validate';
import { ApiError } from '../api/api-error';

const t = i18n.t.bind(i18n);
const met = (password: string, confirm: string) =>
  Object.fromEntries(passwordRules(password, confirm).map((r) => [r.rule, r.met]));

describe('password rules', () => {
  it('follow the server: 8+ characters, a letter and a number (any script), both typed alike', () => {
    expect(met('', '')).toEqual({ length: false, letterAndNumber: false, match: false });
    expect(met('abcdefgh', 'abcdefgh')).toEqual({ length: true, letterAndNumber: false, match: true });
    expect(met('abc123', 'abc12')).toEqual({ length: false, letterAndNumber: true, match: false });
    expect(met('пароль123', 'пароль123')).toEqual({ length: true, letterAndNumber: true, match: true });
    expect(met('x1'.repeat(101), '')).toMatchObject({ length: false, match: false });
  });
});

describe('form validation', () => {
  it('asks for every registration field with the specification prompts', () => {
    expect(registrationErrors({ email: '', password: '', confirmPassword: '', agree: false }, t)).toEqual({
      email: 'Please enter your email.',
      password: 'Please enter your password.',
      confirmPassword: 'Please repeat your password.',
      agree: 'Please agree to the Terms of Use, Privacy Policy and Service Agreement.',
    });
  });

  it('explains a weak or mismatched password and a malformed email', () => {
    expect(registrationErrors({ email: 'me@', password: 'short1', confirmPassword: 'short2', agree: true }, t)).toEqual(
      {
        email: 'Enter a valid email address.',
        password: 'Use at least 8 characters.',
        confirmPassword: 'The passwords do not match.',
      },
    );
    expect(
      registrationErrors(
        { email: 'me@example.com', password: 'longenough', confirmPassword: 'longenough', agree: true },
        t,
      ),
    ).toEqual({
      password: 'Use at least one letter and one number.',
    });
    expect(
      registrationErrors(
        { email: ' me@example.com ', password: 'secret123', confirmPassword: 'secret123', agree: true },
        t,
      ),
    ).toEqual({});
  });

  it('needs only email and password to sign in', () => {
    expect(loginErrors({ email: '', password: '' }, t)).toEqual({
      email: 'Please enter your email.',
      password: 'Please enter your password.',
    });
    expect(loginErrors({ email: 'me@example.com', password: 'x' }, t)).toEqual({});
  });
});

describe('server messages', () => {
  it('shows known server messages in the interface language', async () => {
    await i18n.changeLanguage('dy');
    try {
      expect(fieldText('password_mismatch', 'The passwords do not match.', t)).toBe(
        'Die Passwörter stimmen nicht überein.',
      );
      const tooMany = new ApiError({
        kind: 'envelope',
        code: 429,
        status: 200,
        message: 'Too many attempts. Please wait 3 minutes and try again.',
        reason: 'too_many_attempts',
        retryAfter: 170,
      });
      expect(formFailure(tooMany, t).message).toBe('Zu viele Versuche. Bitte warte 3 Minuten und versuche es erneut.');
      expect(reasonText('something_new', 'Something new', t)).toBe('Something new');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('puts field errors under fields and other refusals above the button', () => {
    const fieldError = new ApiError({
      kind: 'envelope',
      code: 422,
      status: 200,
      message: 'Invalid input',
      fields: { email: 'Please enter your email.' },
    });
    expect(formFailure(fieldError, t)).toEqual({ fields: { email: 'Please enter your email.' }, message: '' });
    const refused = new ApiError({
      kind: 'envelope',
      code: 401,
      status: 200,
      message: 'The email or password is not correct.',
    });
    expect(formFailure(refused, t)).toEqual({ fields: {}, message: 'The email or password is not correct.' });
    const conflict = new ApiError({ kind: 'envelope', code: 409, status: 200, message: 'taken' });
    expect(formFailure(conflict, t, { 409: 'Use another email' }).message).toBe('Use another email');
    // Already toasted by the API client.
    const toasted = new ApiError({ kind: 'envelope', code: 500, status: 200, message: 'Boom' });
    expect(formFailure(toasted, t).message).toBe('');
  });
});

describe('returnTo', () => {
  it('keeps paths of this site only, never an account form', () => {
    expect(safeReturnTo('/favorites')).toBe('/favorites');
    expect(safeReturnTo('/videos/3?ep=2')).toBe('/videos/3?ep=2');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', '/login', '/register?x=1'])
      expect(safeReturnTo(bad)).toBe('/my');
    expect(withReturnTo('/login', '/favorites')).toBe('/login?returnTo=%2Ffavorites');
    expect(withReturnTo('/login', '/my')).toBe('/login');
  });

  it('refuses what a browser would read as another host, and control characters raw or encoded', () => {
    for (const bad of [
      '/\t/evil.example/',
      '/%09/evil.example/',
      '/\n/evil.example',
      '/%0d%0a',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/\u2028x',
      '/%',
      '/%2e%2e/login',
    ]) {
      expect(safeReturnTo(bad), JSON.stringify(bad)).toBe('/my');
    }
    // What it keeps is the parsed path: dot segments resolved, non-ASCII encoded.
    expect(safeReturnTo('/videos/../favorites')).toBe('/favorites');
    expect(safeReturnTo('/search?q=café')).toBe('/search?q=caf%C3%A9');
  });
});
