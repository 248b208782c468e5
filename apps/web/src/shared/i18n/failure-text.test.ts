import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/samples';
import { FIELD_CODES, PAYMENT_FAILURES, REASONS } from '@episodic/contract/reasons';
import { i18n } from './i18n';
import { fieldText, reasonText } from './failure-text';
import en from './locales/en.json';
import { formFailure } from '../forms/server-messages';
import { ApiError } from '../api/api-error';

const t = i18n.t.bind(i18n);

describe('failure codes', () => {
  it('are shown in Spanish and French by code, whatever English the server sent', async () => {
    const refused = new ApiError({
      kind: 'envelope',
      code: 401,
      status: 200,
      message: 'Any English text.',
      reason: 'bad_credentials',
    });
    const invalid = new ApiError({
      kind: 'envelope',
      code: 422,
      status: 200,
      message: 'Please check the highlighted fields.',
      fields: { email: 'Some English.', password: 'Other English.' },
      fieldCodes: { email: 'email_invalid', password: 'password_too_short' },
    });
    await inLanguage('es', () => {
      expect(formFailure(refused, t).message).toBe('El correo electrónico o la contraseña no son correctos.');
      expect(formFailure(invalid, t).fields).toEqual({
        email: 'Introduce un correo electrónico válido.',
        password: 'Usa al menos 8 caracteres.',
      });
    });
    await inLanguage('fy', () => {
      expect(formFailure(refused, t).message).toBe("L'e-mail ou le mot de passe est incorrect.");
      expect(fieldText('current_password_wrong', 'English.', t)).toBe("Ce n'est pas votre mot de passe actuel.");
    });
  });

  it('fall back to the server’s message for a code without words, and to a plain refusal without either', async () => {
    await inLanguage('dy', () => {
      expect(reasonText('price_changed', 'The price changed.', t)).toBe('The price changed.');
      expect(fieldText(undefined, 'As sent.', t)).toBe('As sent.');
    });
  });

  it('are the only keys of the translation tables: no entry is keyed by a sentence', () => {
    const known = new Set<string>([...REASONS, ...PAYMENT_FAILURES, ...FIELD_CODES]);
    const keys = [
      ...Object.keys(en.reasons).map((key) => key.replace(/_(one|other)$/, '')),
      ...Object.keys(en.fieldCodes),
    ];
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  });

  it('are what the clients read: no source of web or console compares a server sentence', () => {
    const roots = ['apps/web/src', 'apps/admin/src'].map((dir) => path.resolve(__dirname, '../../../../..', dir));
    const sentences = [
      /'Your card was declined\.'\s*[:\]]/,
      /'The email or password is not correct\.'\s*[:\]]/,
      /===\s*'[A-Z][^']*\.'/,
    ];
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, 'utf8');
          if (sentences.some((pattern) => pattern.test(text))) offenders.push(path.relative(roots[0]!, file));
        }
      }
    };
    for (const root of roots) walk(root);
    expect(offenders).toEqual([]);
  });
});
