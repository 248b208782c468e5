import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../storage';
import { resolveInitialLanguage } from './i18n';
import { LANGUAGE_NAMES, htmlLangFor, isLanguage } from './languages';

describe('language choice', () => {
  it('defaults to English', () => {
    expect(resolveInitialLanguage('')).toBe('en');
  });

  it('restores the stored choice', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'dy');
    expect(resolveInitialLanguage('')).toBe('dy');
  });

  it('prefers a valid ?lang= and ignores an invalid one', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'dy');
    expect(resolveInitialLanguage('?lang=pt')).toBe('pt');
    expect(resolveInitialLanguage('?lang=xx')).toBe('dy');
  });

  it('ignores a stored value that is not a language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(resolveInitialLanguage('')).toBe('en');
  });

  it('maps the product codes to real language tags', () => {
    expect(['en', 'es', 'fy', 'dy', 'pt'].map((l) => (isLanguage(l) ? htmlLangFor(l) : ''))).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'pt',
    ]);
  });

  it('names every language in itself', () => {
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', es: 'Español', fy: 'Français', dy: 'Deutsch', pt: 'Português' });
  });
});
