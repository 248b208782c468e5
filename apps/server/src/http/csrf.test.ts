import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://episodic.example' });
  token = String((await t.app.inject({ method: 'GET', url: '/api/user' })).headers['x-user-token']);
});
afterAll(() => t.close());

const favorite = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/favorite',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { seriesId: 999 },
  });

describe('cross-site request forgery', () => {
  it('refuses a state-changing call that rides on the session cookie from another site', async () => {
    const cookie = `episodic_session=${token}`;
    const forged = await favorite({ cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(envelope(forged)).toMatchObject({
      code: 403,
      message: 'This request came from another site and was refused.',
    });
    const byReferer = await favorite({ cookie, referer: 'https://evil.example/page' });
    expect(byReferer.statusCode).toBe(403);
    const opaque = await favorite({ cookie, origin: 'null' });
    expect(opaque.statusCode).toBe(403);
  });

  it('lets our own pages, header-token clients and reads through', async () => {
    const cookie = `episodic_session=${token}`;
    // Our origin: the answer is the application's own (the series does not exist), not a refusal.
    expect(envelope(await favorite({ cookie, origin: 'https://episodic.example' })).code).toBe(404);
    expect(envelope(await favorite({ cookie, origin: 'http://localhost:5173', host: 'localhost:5173' })).code).toBe(
      404,
    );
    expect(envelope(await favorite({ cookie })).code).toBe(404);
    expect(envelope(await favorite({ 'x-user-token': token })).code).toBe(404);
    // A foreign origin is refused even without cookies: no browser sends it for this site's own calls.
    expect((await favorite({ 'x-user-token': token, origin: 'https://evil.example' })).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user/favorite',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(envelope(read).code).toBe(200);
  });
});
