import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './redirect-target';

const PUBLIC = 'https://episodic.example';
const check = (value: unknown) => sameOriginPath(value, { publicUrl: PUBLIC });

/** What a browser makes of a Location header sent from a page of this site. */
const browserTarget = (location: string) => new URL(location, `${PUBLIC}/api/user/oauth/facebook/callback`);

describe('redirect targets', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(check('/videos/7?ep=2')).toBe('/videos/7?ep=2');
    expect(check('/my#history')).toBe('/my#history');
    expect(check('/search?q=caf%C3%A9')).toBe('/search?q=caf%C3%A9');
    // The public origin spelled out is this site too: reduced to its path.
    expect(check('https://episodic.example/favorites?x=1')).toBe('/favorites?x=1');
    // Non-ASCII is percent-encoded, so the header stays valid.
    expect(check('/série/é')).toBe('/s%C3%A9rie/%C3%A9');
  });

  it('refuses every spelling that leaves the site or that a parser could read two ways', () => {
    for (const bad of [
      '/%09/evil.example/',
      '/\t/evil.example/',
      '/\n/evil.example',
      '/\r\nSet-Cookie: x=1',
      '/%0d%0aSet-Cookie:%20x=1',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/%5Cevil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'http://episodic.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      ' //evil.example',
      '/\u2028/evil.example',
      '/%E2%80%A8',
      '/%',
      '/%zz',
      '',
      null,
      undefined,
      42,
      { toString: () => '//evil.example' },
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(check(bad), JSON.stringify(bad)).toBe('/');
    }
    expect(sameOriginPath('//evil.example', { fallback: '/my' })).toBe('/my');
  });

  it('answers a same-origin path starting with a single slash for any input (property)', () => {
    const noisy = fc.oneof(
      fc.string({ unit: 'grapheme-composite', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc
        .array(
          fc.constantFrom(
            '/',
            '\\',
            '%',
            '09',
            '0a',
            '0D',
            '2f',
            '5c',
            'e2%80%a8',
            '\t',
            '\n',
            '\r',
            '\u0000',
            '.',
            ':',
            '@',
            '?',
            '#',
            'evil.example',
            'https:',
            'é',
            ' ',
          ),
          { maxLength: 20 },
        )
        .map((parts) => parts.join('')),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(noisy, (value) => {
        const path = check(value);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        expect(path).not.toMatch(/[\u0000-\u0020\u007F-\uFFFF\\]/);
        expect(browserTarget(path).origin).toBe(PUBLIC);
        // Still this site once something percent-decodes it.
        expect(decodeURIComponent(new URL(path, PUBLIC).pathname).startsWith('//')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
