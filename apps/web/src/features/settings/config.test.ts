import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQuery, configuredIntegrations, loadConfiguration, startConfiguredIntegrations } from './config';

afterEach(() => {
  vi.unstubAllGlobals();
  startConfiguredIntegrations([]);
});

describe('startConfiguredIntegrations', () => {
  it('records the recognised keys that carry a value', () => {
    const started = startConfiguredIntegrations([
      { config_key: 'facebook_pixel_id', config_value: '123' },
      { config_key: 'google_analytics', config_value: '' },
      { config_key: 'tiktok_pixel', config_value: '  ' },
      { config_key: 'bigo_pixel', config_value: 'b-1' },
      { config_key: 'something_else', config_value: 'x' },
    ]);
    expect(started).toEqual({ facebook_pixel_id: '123', bigo_pixel: 'b-1' });
    expect(configuredIntegrations()).toEqual(started);
  });
});

describe('loadConfiguration', () => {
  it('fetches GET /api/config into the query cache and starts the integrations', async () => {
    const list = [{ config_key: 'tiktok_pixel', config_value: 'tt-pixel' }];
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, message: 'ok', data: { list } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    await expect(loadConfiguration(queryClient)).resolves.toEqual({ tiktok_pixel: 'tt-pixel' });
    expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.objectContaining({ method: 'GET' }));
    expect(queryClient.getQueryData(configQuery.queryKey)).toEqual({ list });
  });

  it('never rejects when the configuration cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(
      loadConfiguration(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
    ).resolves.toEqual({});
  });
});
