import type { ConfigEntry } from '@episodic/contract';
import { CONFIG_KEYS, type ConfigKey } from '@episodic/contract/constants';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export { CONFIG_KEYS };

export type ConfiguredIntegrations = Partial<Record<ConfigKey, string>>;

export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api.get('/api/config', { signal }),
  staleTime: Infinity,
});

function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

let configured: ConfiguredIntegrations = {};

/**
 * Records which recognised keys carry a value: the pixels tracking starts (see `startTracking`).
 * Unknown keys and empty values are ignored.
 */
export function startConfiguredIntegrations(list: readonly ConfigEntry[]): ConfiguredIntegrations {
  const next: ConfiguredIntegrations = {};
  for (const entry of list) {
    // Typed as a string, but this is remote data: tolerate anything.
    const raw: unknown = entry.config_value;
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (isConfigKey(entry.config_key) && value) next[entry.config_key] = value;
  }
  configured = next;
  return { ...configured };
}

/** The recognised keys that had a value when the integrations started. */
export function configuredIntegrations(): ConfiguredIntegrations {
  return { ...configured };
}

/** Fetches the configuration list into the cache and starts the integrations it names. Never rejects. */
export async function loadConfiguration(queryClient: QueryClient): Promise<ConfiguredIntegrations> {
  try {
    const config = await queryClient.query(configQuery);
    return startConfiguredIntegrations(Array.isArray(config.list) ? config.list : []);
  } catch {
    // The API client already reported the failure; the product works without pixels.
    return configuredIntegrations();
  }
}
