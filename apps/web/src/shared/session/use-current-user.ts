import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './current-user';

// A module of its own so the startup code (which only prefetches) does not pull in the query hooks.
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
