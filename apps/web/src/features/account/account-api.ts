import type { Language, User } from '@episodic/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { followAccountLanguage } from '../../shared/i18n/account-language';
import { currentLanguage } from '../../shared/i18n/i18n';
import { StorageKey, removeStored } from '../../shared/storage';
import { currentUserKey } from '../../shared/session/current-user';

export interface RegisterInput {
  email: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

export interface ProfileChanges {
  language?: Language;
  autoUnlock?: boolean;
}

export const accountApi = {
  register: (input: RegisterInput) => api.post('/api/user/register', { body: input }),
  login: (input: { email: string; password: string }) => api.post('/api/user/login', { body: input }),
  forgotPassword: (email: string) => api.post('/api/user/password/forgot', { body: { email } }),
  resetPassword: (input: { token: string; password: string; confirmPassword: string }) =>
    api.post('/api/user/password/reset', { body: input }),
  checkResetLink: (token: string) => api.post('/api/user/password/reset/check', { body: { token } }),
  changePassword: (input: ChangePasswordInput) => api.post('/api/user/password', { body: input }),
  updateProfile: (changes: ProfileChanges) => api.post('/api/user/profile', { body: changes }),
  deleteAccount: (password: string) => api.post('/api/user/delete', { body: { password } }),
  logout: (everywhere: boolean) => api.post('/api/user/logout', { body: { everywhere } }),
  verifyEmail: (token: string) => api.post('/api/user/email/verify', { body: { token } }),
  resendVerification: () => api.post('/api/user/email/verification', { body: {} }),
};

/** Sign-in providers besides email (`GET /api/user/providers`). */
export const providersQuery = queryOptions({
  queryKey: ['user', 'providers'] as const,
  queryFn: async ({ signal }) => {
    const providers = await api.get('/api/user/providers', { signal });
    return { facebook: providers?.facebook === true };
  },
  staleTime: 10 * 60_000,
});

export function useProviders() {
  return useQuery(providersQuery);
}

/** Everything cached but the user belonged to the previous session: drop it, refetching what is on screen. */
function resetSessionData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
}

/**
 * After a sign-in, registration or reset (the interface already in the account's language, see
 * followAccountLanguage): the new user becomes the current user and session data starts
 * afresh. Refetching is not waited for, so the screen can move on at once.
 */
export function applySignedInUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(currentUserKey, user);
  void resetSessionData(queryClient);
}

/** After the session ended (sign-out, deletion): forget the token and start a new guest session. */
export function applySignedOut(queryClient: QueryClient): void {
  removeStored(StorageKey.userToken);
  removeStored(StorageKey.userId);
  void queryClient.resetQueries();
}

interface SessionEndOptions {
  /**
   * Runs once the server said yes, before the cached session is reset. Resetting the current user
   * replaces account screens with their loading state, which would drop a caller's own callbacks: say
   * and navigate here.
   */
  onEnded?: () => void;
}

/** A new account takes the interface language chosen so far (emails it receives use it). */
function adoptInterfaceLanguage(user: User): Promise<User> {
  const language = currentLanguage();
  if (user.language === language) return Promise.resolve(user);
  return accountApi.updateProfile({ language }).catch(() => user);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => adoptInterfaceLanguage(await accountApi.register(input)),
    onSuccess: (user) => applySignedInUser(queryClient, user),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) =>
      followAccountLanguage(queryClient, await accountApi.login(input)),
    onSuccess: (user) => applySignedInUser(queryClient, user),
  });
}

/**
 * Whether an emailed reset link still works, asked once as it opens (using nothing up): a used or expired
 * link says so before anyone types a password. Unknown (a failed check) counts as usable: the reset's own
 * answer still decides.
 */
export function useResetLinkUsable(token: string): boolean {
  const state = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => accountApi.checkResetLink(token),
    staleTime: Infinity,
    retry: false,
  });
  return state.data?.usable ?? true;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Parameters<typeof accountApi.resetPassword>[0]) =>
      followAccountLanguage(queryClient, await accountApi.resetPassword(input)),
    onSuccess: (user) => applySignedInUser(queryClient, user),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

/** Signs out on this device, or on every device (`everywhere`). */
export function useSignOut({ onEnded }: SessionEndOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => accountApi.logout(everywhere),
    onSuccess: () => {
      onEnded?.();
      applySignedOut(queryClient);
    },
  });
}

/** Deletes the account (`POST /api/user/delete`) after checking its password. */
export function useDeleteAccount({ onEnded }: SessionEndOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.deleteAccount,
    onSuccess: () => {
      onEnded?.();
      applySignedOut(queryClient);
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: accountApi.changePassword });
}
