import { describe, expect, it } from 'vitest';
import dy from './locales/dy.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fy from './locales/fy.json';
import pt from './locales/pt.json';
import { LANGUAGES } from './languages';

const locales: Record<string, unknown> = { en, es, fy, dy, pt };

/** Flattens nested messages to `a.b.c` -> value. */
function flatten(messages: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof messages !== 'object' || messages === null) return out;
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(locales).map(([lang, messages]) => [lang, flatten(messages)]));
const allKeys = [...new Set(Object.values(flat).flatMap((m) => [...m.keys()]))].sort();

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();

describe('translations', () => {
  it('has a file for every interface language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it('has at least the basic keys', () => {
    expect(allKeys.length).toBeGreaterThan(50);
  });

  it.each(Object.keys(locales))('%s has every key of every language, each a non-empty string', (lang) => {
    const messages = flat[lang];
    const missing = allKeys.filter((key) => !messages?.has(key));
    const empty = allKeys.filter((key) => {
      const value = messages?.get(key);
      return messages?.has(key) && (typeof value !== 'string' || value.trim() === '');
    });
    expect({ lang, missing, empty }).toEqual({ lang, missing: [], empty: [] });
  });

  it.each(Object.keys(locales).filter((lang) => lang !== 'en'))(
    '%s keeps the placeholders and markup of English',
    (lang) => {
      const mismatched = allKeys.filter((key) => {
        const source = flat.en?.get(key);
        const target = flat[lang]?.get(key);
        if (typeof source !== 'string' || typeof target !== 'string') return false;
        return (
          JSON.stringify(placeholders(source)) !== JSON.stringify(placeholders(target)) ||
          JSON.stringify(tags(source)) !== JSON.stringify(tags(target))
        );
      });
      expect(mismatched).toEqual([]);
    },
  );

  it('keeps the exact English copy the specification names', () => {
    expect(en.list).toEqual({ loading: 'Loading', loadMore: 'Load more', noMore: 'No more content' });
    expect(en.clipboard).toEqual({ success: 'Copy Success', fail: 'Copy fail' });
    expect(en.auth.emailPrompt).toBe('please enter your email');
    expect(en.auth.passwordPrompt).toBe('please enter your password');
    expect(en.auth.repeatPasswordPrompt).toBe('please repeat your password');
    expect(en.errors.network).toBe('Network error, please try again');
    expect(en.home.sections).toEqual({
      asian: 'Asian stories',
      recommended: 'More recommendations',
      categories: 'Switch categories',
      trending: 'Trending',
    });
  });
});
