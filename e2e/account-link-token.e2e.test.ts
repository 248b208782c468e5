import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { homepageSeries, phonePage } from './account-fixtures';
import { catalogServer, type CatalogServer } from './catalog-server';

let browser: Browser;
let server: CatalogServer;

beforeAll(async () => {
  // The shared server's catalog when it has one; otherwise a server of this file on a seeded folder.
  [browser, server] = await Promise.all([launchBrowser(), catalogServer(inject('baseUrl'))]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One API call with a token in the X-User-Token header, as a client holding it makes it. */
async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'x-user-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; data: T };
}

describe('a link carrying a session token (?userToken=)', () => {
  it('gives the visitor the guest’s list under a session of their own; the link’s author sees nothing after', async () => {
    const [first, second] = await homepageSeries(server.url);
    const guest = await fetch(`${server.url}/api/user`);
    const author = guest.headers.get('x-user-token')!;
    await call(author, 'POST', '/api/user/favorite', { seriesId: first!.id });

    const { page, errors } = await phonePage(browser, server.url);
    await page.goto(`/favorites?userToken=${encodeURIComponent(author)}`);
    await page.getByText(first!.title).first().waitFor();
    // The address no longer carries the token, and the stored token is the visitor's own.
    expect(new URL(page.url()).search).toBe('');
    const stored = await page.evaluate(() => localStorage.getItem('userToken'));
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(author);

    // What the visitor does next is out of the author's reach.
    const added = await page.evaluate(async (seriesId) => {
      const res = await fetch('/api/user/favorite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seriesId }),
      });
      return ((await res.json()) as { code: number }).code;
    }, second!.id);
    expect(added).toBe(200);
    expect((await call(author, 'GET', '/api/user/favorite')).code).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
