import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language';

const req = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  ({ headers, query }) as unknown as FastifyRequest;

describe('requestLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'dy'],
    ['fr-CA', 'fy'],
    ['pt-BR,pt;q=0.9', 'pt'],
    ['es', 'es'],
    ['ja,en;q=0.5', 'en'],
    ['en;q=0.2,es;q=0.9', 'es'],
    ['', 'en'],
  ])('maps Accept-Language %s to %s', (header, expected) => {
    expect(requestLanguage(req({ 'accept-language': header }))).toBe(expected);
  });

  it('prefers an explicit lang param in our codes', () => {
    expect(requestLanguage(req({ 'accept-language': 'de' }, { lang: 'pt' }))).toBe('pt');
    expect(requestLanguage(req({ 'accept-language': 'de' }, { lang: 'xx' }))).toBe('dy');
  });
});
