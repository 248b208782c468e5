import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inlineScriptHashes } from './security-headers';

const INDEX =
  '<!doctype html><html><head><script>window.early = 1;</script></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'https://episodic.example',
    META_PIXEL_SCRIPT_URL: 'https://pixels.example/fbevents.js',
    MEDIA_PUBLIC_URL: 'https://cdn.example/media',
  });
  await fs.mkdir(t.env.webDist, { recursive: true });
  await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
});
afterAll(() => t.close());

const csp = async (url = '/') =>
  String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy'] ?? '');
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('sends nosniff, a referrer policy and HSTS (behind https) on every answer, and no CSP on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBeUndefined();
    const plain = await createTestApp({ PUBLIC_URL: 'http://localhost:8080' });
    expect(
      (await plain.app.inject({ method: 'GET', url: '/api/config' })).headers['strict-transport-security'],
    ).toBeUndefined();
    await plain.close();
  });

  it('allows the document’s own inline script by hash, this origin, the media host, and no framing', async () => {
    const policy = await csp('/');
    const res = await t.app.inject({ method: 'GET', url: '/browse/3' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${inlineScriptHashes(INDEX)[0]!}`);
    expect(inlineScriptHashes(INDEX)).toHaveLength(1);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'media-src')).toContain('https://cdn.example');
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
  });

  it('allows exactly the pixels the operator configured', async () => {
    expect(directive(await csp('/'), 'script-src')).not.toContain('pixels.example');
    await t.database.db
      .updateTable('settings')
      .set({ config_value: '1234567890' })
      .where('config_key', '=', 'facebook_pixel_id')
      .execute();
    await t.app.services.settings.invalidate();
    const policy = await csp('/');
    expect(directive(policy, 'script-src')).toContain('https://pixels.example');
    expect(directive(policy, 'connect-src')).toContain('https://www.facebook.com');
    expect(policy).not.toContain('tiktok');
    expect(policy).not.toContain('google');
    await t.database.db
      .updateTable('settings')
      .set({ config_value: '' })
      .where('config_key', '=', 'facebook_pixel_id')
      .execute();
    await t.app.services.settings.invalidate();
    expect(await csp('/')).not.toContain('pixels.example');
  });

  it('lets no card processor in when Stripe is not configured', async () => {
    const policy = await csp('/order/easy');
    expect(policy).not.toContain('stripe');
    expect(directive(policy, 'frame-src')).toBe('');
  });

  it('allows what Stripe’s CSP guide lists for the Payment Element when Stripe takes the cards', async () => {
    const stripe = await createTestApp({
      PUBLIC_URL: 'https://episodic.example',
      WEB_DIST: t.env.webDist,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    });
    const policy = String(
      (await stripe.app.inject({ method: 'GET', url: '/order/easy' })).headers['content-security-policy'],
    );
    await stripe.close();
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com https://*.js.stripe.com');
    expect(directive(policy, 'frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directive(policy, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  }, 120_000);

  it('allows a Stripe stand-in’s own origins instead when STRIPE_JS_URL and STRIPE_API_URL point at it', async () => {
    const stripe = await createTestApp({
      PUBLIC_URL: 'https://episodic.example',
      WEB_DIST: t.env.webDist,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_JS_URL: 'http://127.0.0.1:4999/v3/',
      STRIPE_API_URL: 'http://127.0.0.1:4999',
    });
    const policy = String(
      (await stripe.app.inject({ method: 'GET', url: '/order/easy' })).headers['content-security-policy'],
    );
    await stripe.close();
    expect(directive(policy, 'script-src')).toContain('http://127.0.0.1:4999');
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' http://127.0.0.1:4999");
    expect(directive(policy, 'connect-src')).toContain('http://127.0.0.1:4999');
    expect(policy).not.toContain('stripe.com');
  }, 120_000);

  it('keeps the console to this origin', async () => {
    const policy = await csp('/admin/');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(policy).not.toContain('pixels.example');
  });
});
