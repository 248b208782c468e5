import type { User } from '@episodic/contract';
import { api } from '../../shared/api/client';
import { currentUserKey } from '../../shared/session/current-user';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Makes the interface language a signed-in viewer chose the account's language, so the emails it gets
 * follow. A guest's choice stays on the device until registering, which takes it over.
 */
export default function saveAccountLanguage(queryClient: QueryClient, language: User['language']): Promise<void> {
  const user = queryClient.getQueryData<User>(currentUserKey);
  if (!user || user.isGuest || user.language === language) return Promise.resolve();
  return api.post('/api/user/profile', { body: { language } }).then(
    (saved) => {
      queryClient.setQueryData(currentUserKey, saved);
    },
    () => undefined,
  );
}
