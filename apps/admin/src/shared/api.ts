import { ApiError, createApiClient } from '@episodic/api-client';
import { REAUTH_REQUIRED } from '@episodic/contract/constants';
import { askForPassword, askToSignInAgain } from './reauth';
import { toast } from './toast';

export { ApiError, isApiError } from '@episodic/api-client';

/**
 * The console's API client: the shared envelope client (specification §7–8), without the viewer's
 * click-id and tracking concerns.
 *
 * The console's session is an HttpOnly cookie of its own that the browser sends to /api/admin: this
 * client never sees, stores or sends a token (no `localStorage`, no `X-User-Token`), so no script on
 * the page, the viewer app's pixels included, can read or replay the operator's session.
 */

const NETWORK_MESSAGE = 'Network error, please try again';
/** Where the operator confirms the password again; its own refusals are answered by the prompt. */
export const REAUTH_PATH = '/api/admin/session/password';
/** The console session: reading it answers whether one exists; signing in is its POST. */
export const SESSION_PATH = '/api/admin/session';

export const api = createApiClient({
  networkMessage: () => NETWORK_MESSAGE,
  failed: (error) => {
    toast(error.message);
  },
  refused: async (error, path) => {
    // Refunds, grants and role changes want the password entered recently: ask for it, then send the
    // same request again. The form that sent it stays open meanwhile, with everything typed in it.
    if (error.code === 401 && error.reason === REAUTH_REQUIRED && path !== REAUTH_PATH) {
      if (await askForPassword()) return true;
      throw new ApiError({
        kind: 'envelope',
        code: 401,
        status: error.status,
        message: 'Enter your password to finish this action.',
      });
    }
    // The session ended under an open page (expired, signed out in another tab, revoked): sign in
    // again over the page and send the same request, instead of dropping what the operator typed.
    // The session's own read and sign-in answer for themselves (the gate shows the sign-in page).
    if (
      error.code === 401 &&
      error.reason === 'console_login_required' &&
      path !== SESSION_PATH &&
      path !== REAUTH_PATH
    ) {
      if (await askToSignInAgain()) return true;
      throw new ApiError({
        kind: 'envelope',
        code: 401,
        status: error.status,
        message: 'Sign in again to finish this action; what you typed is still here.',
      });
    }
    if (error.code === 500) toast(error.message || 'Something went wrong, please try again');
    return false;
  },
});

/** A typed filter value as the query carries it: trimmed, and left out when empty. */
export function given(value: string): string | undefined {
  return value.trim() || undefined;
}
