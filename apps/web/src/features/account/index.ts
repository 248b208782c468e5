export { currentUserKey, currentUserQuery, fetchCurrentUser, prefetchCurrentUser } from './current-user';
export { useCurrentUser } from './use-current-user';
export { logout, useLogout } from './logout';
