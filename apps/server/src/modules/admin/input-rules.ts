import {
  ADMIN_SLUG_PATTERN,
  LANGUAGES,
  type AdminLocalizedNames,
  type FieldCode,
  type Language,
} from '@episodic/contract';
import { invalidInput, type FieldProblems } from '../../http/errors';

/** Collects field errors of one form; `check()` throws them all at once (envelope 422). */
export class FieldCheck {
  readonly fields: FieldProblems = {};

  add(field: string, code: FieldCode, message: string): void {
    this.fields[field] ??= { code, message };
  }

  get ok(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  check(): void {
    if (!this.ok) throw invalidInput(this.fields);
  }
}

const SLUG = new RegExp(ADMIN_SLUG_PATTERN);

export function checkSlug(check: FieldCheck, field: string, slug: string | undefined, max = 60): string | undefined {
  if (slug === undefined) return undefined;
  const value = slug.trim().toLowerCase();
  if (!value) check.add(field, 'required', 'Please enter an id.');
  else if (value.length > max || !SLUG.test(value))
    check.add(field, 'id_invalid', `Use lower-case letters, digits and single hyphens (at most ${max} characters).`);
  return value;
}

/** Trims per-language names; English is required when `requireEnglish`. Empty entries are dropped. */
export function checkNames(
  check: FieldCheck,
  field: string,
  names: AdminLocalizedNames | undefined,
  requireEnglish: boolean,
): Partial<Record<Language, string>> | undefined {
  if (names === undefined) {
    if (requireEnglish) check.add(`${field}.en`, 'english_required', 'An English name is required.');
    return undefined;
  }
  const out: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) {
    const value = names[lang]?.trim();
    if (value) out[lang] = value;
  }
  if (requireEnglish && !out.en) check.add(`${field}.en`, 'english_required', 'An English name is required.');
  return out;
}

/** Trims per-language title + text pairs: a language with text needs a title; English needs a title. */
export function checkTexts<K extends string>(
  check: FieldCheck,
  field: string,
  texts: Partial<Record<Language, Record<'title' | K, string>>> | undefined,
  textKey: K,
  requireEnglish: boolean,
): Partial<Record<Language, { title: string } & Record<K, string>>> | undefined {
  if (texts === undefined) {
    if (requireEnglish) check.add(`${field}.en.title`, 'english_required', 'An English title is required.');
    return undefined;
  }
  const out: Partial<Record<Language, { title: string } & Record<K, string>>> = {};
  for (const lang of LANGUAGES) {
    const entry = texts[lang];
    if (!entry) continue;
    const title = entry.title.trim();
    const text = (entry[textKey] ?? '').trim();
    if (!title && !text) continue;
    if (!title) {
      check.add(`${field}.${lang}.title`, 'title_required', 'Add a title for this language, or clear its text.');
      continue;
    }
    out[lang] = { title, [textKey]: text } as { title: string } & Record<K, string>;
  }
  if (requireEnglish && !out.en) check.add(`${field}.en.title`, 'english_required', 'An English title is required.');
  return out;
}

/** Ids must each be listed once. */
export function checkUnique(check: FieldCheck, field: string, ids: readonly (number | string)[]): void {
  if (new Set(ids).size !== ids.length) check.add(field, 'listed_twice', 'An item is listed twice.');
}

/** True for a Postgres unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
