import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/help/contact', () => {
  it('keeps the message for operators', async () => {
    const res = envelope<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/help/contact',
        payload: { email: 'Viewer@Example.com', subject: 'Billing question', message: 'Where do I cancel?' },
        headers: { 'accept-language': 'pt-BR' },
      }),
    );
    expect(res.code).toBe(200);
    const row = await t.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'viewer@example.com',
      subject: 'Billing question',
      message: 'Where do I cancel?',
      language: 'pt',
    });
  });

  it('answers missing fields with field errors', async () => {
    const res = envelope(await t.app.inject({ method: 'POST', url: '/api/help/contact', payload: { email: 'nope' } }));
    expect(res).toMatchObject({
      code: 422,
      fields: { email: 'Enter a valid email address.', subject: expect.any(String), message: expect.any(String) },
    });
  });

  it('limits messages per address', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        envelope(
          await t.app.inject({
            method: 'POST',
            url: '/api/help/contact',
            payload: { email: 'a@b.co', subject: 's', message: 'm' },
            remoteAddress: '10.1.2.3',
          }),
        ).code,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
