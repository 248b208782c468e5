import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS, REWARD_CONFIG_KEYS } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('lists the four pixel keys, empty until an operator sets them, and the reward amounts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const body = envelope<{ list: { config_key: string; config_value: string }[] }>(res);
    expect(body.code).toBe(200);
    const rewardKeys: string[] = Object.values(REWARD_CONFIG_KEYS);
    expect(body.data.list.map((e) => e.config_key).sort()).toEqual([...CONFIG_KEYS, ...rewardKeys].sort());
    expect(body.data.list.filter((e) => !rewardKeys.includes(e.config_key)).every((e) => e.config_value === '')).toBe(
      true,
    );
    expect(body.data.list).toContainEqual({ config_key: 'rewards_welcome_coins', config_value: '30' });
  });

  it('reflects a value set in the settings table once the change is announced', async () => {
    await t.database.db
      .updateTable('settings')
      .set({ config_value: '1234567890' })
      .where('config_key', '=', 'facebook_pixel_id')
      .execute();
    const cached = envelope<{ list: { config_key: string; config_value: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/config' }),
    );
    expect(cached.data.list).toContainEqual({ config_key: 'facebook_pixel_id', config_value: '' });
    await t.app.services.settings.invalidate();
    const body = envelope<{ list: { config_key: string; config_value: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/config' }),
    );
    expect(body.data.list).toContainEqual({ config_key: 'facebook_pixel_id', config_value: '1234567890' });
  });
});
