import { homepageSeries } from './account-fixtures';
import { catalogAppServer } from './catalog-server';
import { expect, test as base } from './fixtures';

// The shared server's catalog when it has one; otherwise a server of this file on a seeded folder.
const test = base.extend({ appServer: catalogAppServer });

/** One API call with a token in the X-User-Token header, as a client holding it makes it. */
async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ code: number; data: T }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'x-user-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; data: T };
}

test.describe('a link carrying a session token (?userToken=)', () => {
  test('gives the visitor the guest’s list under a session of their own; the link’s author sees nothing after', async ({
    page,
    pageErrors: errors,
    appServer: server,
  }) => {
    const [first, second] = await homepageSeries(server.url);
    const guest = await fetch(`${server.url}/api/user`);
    const author = guest.headers.get('x-user-token')!;
    await call(server.url, author, 'POST', '/api/user/favorite', { seriesId: first!.id });

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
    expect((await call(server.url, author, 'GET', '/api/user/favorite')).code).toBe(401);
    expect(errors).toEqual([]);
  });
});
