import type { QueryClient } from '@tanstack/react-query';
import { prefetchCurrentUser } from '../shared/session/current-user';
import { configQuery, configuredIntegrations, loadConfiguration } from '../features/settings';
import { startTracking } from '../features/tracking';

/**
 * Work that follows the first render (specification §4): the configuration list, which starts the
 * configured integrations, and the current user (which also opens a guest session for a new visitor).
 * Tracking starts when both are known: the pixels the list names, and reports under the viewer's session.
 */
export function loadStartupData(queryClient: QueryClient): Promise<unknown> {
  const startup = Promise.all([loadConfiguration(queryClient), prefetchCurrentUser(queryClient)]);
  void startTracking(startup, () => ({
    pixels: configuredIntegrations(),
    settings: queryClient.getQueryData(configQuery.queryKey)?.tracking,
  }));
  return startup;
}
