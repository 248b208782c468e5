import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@episodic/contract';

// The interface codes fy and dy carry French and German text: browsers say fr and de.
const FROM_BCP47: Record<string, Language> = { en: 'en', es: 'es', fr: 'fy', de: 'dy', pt: 'pt' };

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored language code as one of ours (the default for anything else). */
export function toLanguage(value: string): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The viewer's language: a `lang` param (our codes), else Accept-Language, else en. */
export function requestLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && isLanguage(query.lang)) return query.lang;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const lang = FROM_BCP47[tag.split('-')[0] ?? ''];
      if (lang) return lang;
    }
  }
  return DEFAULT_LANGUAGE;
}
