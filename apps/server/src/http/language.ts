import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from '@episodic/contract';

export { toLanguage } from '@episodic/contract';

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
      // Browsers say fr and de for the interface codes fy and dy.
      const lang = languageOfTag(tag);
      if (lang) return lang;
    }
  }
  return DEFAULT_LANGUAGE;
}
