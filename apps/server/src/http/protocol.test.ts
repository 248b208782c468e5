import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { AppError } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    app.get('/api/test/user-error', async () => {
      throw new AppError(500, 'That did not work, please try again.');
    });
    app.get('/api/test/context', async (req) => req.ctx);
    app.post('/api/test/context', async (req) => req.ctx);
  });
});
afterAll(() => t.close());

describe('the API protocol', () => {
  it('answers an unknown API path with HTTP 404 and an envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ code: 404, message: expect.any(String), data: null, reason: 'unknown_api' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a malformed JSON body with HTTP 400 and an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(400);
  });

  it('answers an oversized body with HTTP 413 and an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res).code).toBe(413);
  });

  it('answers invalid input with envelope code 422 and field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: '', password: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(200);
    const body = envelope(res);
    expect(body.code).toBe(422);
    expect(body.fields).toEqual({ email: 'This field is required.', password: 'Must be at most 200 characters.' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses numbers out of range and NUL characters before any handler, as field errors', async () => {
    const huge = envelope(await t.app.inject({ method: 'GET', url: '/api/video?id=1e309' }));
    expect(huge).toMatchObject({ code: 422, fields: { id: 'This number is out of range.' } });
    const nul = envelope(await t.app.inject({ method: 'GET', url: '/api/webhook/payment/paypal-cancel?token=%00' }));
    expect(nul).toMatchObject({ code: 422, fields: { token: 'This contains a character that is not allowed.' } });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\u0000@b.co","password":"x","n":1e999}',
    });
    expect(envelope(body).code).toBe(422);
  });

  it('answers an address the router cannot read with HTTP 400 and an envelope', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/media/keys/%ED%A0%80' });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad)).toEqual({
      code: 400,
      message: 'The address is not valid.',
      data: null,
      reason: 'invalid_address',
    });
    const long = await t.app.inject({ method: 'GET', url: `/api/media/keys/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(400);
    expect(envelope(long).code).toBe(400);
  });

  it('never sends a stack trace or internal detail when a handler crashes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(envelope(res)).toEqual({
      code: 500,
      message: 'Something went wrong on our side. Please try again.',
      data: null,
      reason: 'server_error',
    });
    expect(res.body).not.toMatch(/secret|\.ts|at /);
  });

  it('answers an application error with HTTP 200 and its envelope code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/user-error' });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({
      code: 500,
      message: 'That did not work, please try again.',
      data: null,
      reason: 'server_error',
    });
  });

  it('reads the four headers and the two click-id params into the request context', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/context?fbclid=fb.param&ttclid=tt.param',
      headers: {
        'X-User-Referer-Token': 'ref-1',
        'x-User-Token': 'tok-1',
        FBCLID: 'fb.header',
        TTCLID: 'tt.header',
        'user-agent': 'test-agent',
      },
    });
    expect(res.json()).toMatchObject({
      refererToken: 'ref-1',
      headerToken: 'tok-1',
      cookieToken: null,
      fbclid: 'fb.param',
      ttclid: 'tt.param',
      userAgent: 'test-agent',
    });
  });

  it('falls back to the click-id headers, and reads click ids from a JSON body', async () => {
    const fromHeaders = await t.app.inject({
      method: 'GET',
      url: '/api/test/context',
      headers: { FBCLID: 'fb.header', TTCLID: 'tt.header' },
    });
    expect(fromHeaders.json()).toMatchObject({ fbclid: 'fb.header', ttclid: 'tt.header' });
    const fromBody = await t.app.inject({
      method: 'POST',
      url: '/api/test/context',
      payload: { fbclid: 'fb.body', ttclid: 'tt.body' },
    });
    expect(fromBody.json()).toMatchObject({ fbclid: 'fb.body', ttclid: 'tt.body' });
  });

  it('drops click ids that are not plausible ids', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/test/context?fbclid=${encodeURIComponent('<script>')}&ttclid=${'x'.repeat(600)}`,
    });
    expect(res.json()).toMatchObject({ fbclid: null, ttclid: null });
  });

  it('publishes the OpenAPI document and a docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/user', '/api/user/login', '/api/user/logout', '/api/config']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
