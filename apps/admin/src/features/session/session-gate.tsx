import { useEffect, type ReactNode } from 'react';
import { isApiError } from '../../shared/api';
import { askToSignInAgain } from '../../shared/reauth';
import { useSession, type AdminSession } from './session';
import { SignInForm } from './sign-in-form';

interface SessionGateProps {
  children: (session: AdminSession) => ReactNode;
}

/**
 * Shows the console only to operators signed in to it. Without a console session (401), or when the
 * browser's account has no operator access (403: a viewer signed in to the viewer app, or a removed
 * role), the console's own sign-in; the viewer app's session is left as it is.
 */
export function SessionGate({ children }: SessionGateProps) {
  const session = useSession();
  const code = session.isError && isApiError(session.error) ? session.error.code : 0;
  // The session ended while the console was open (read again on focus): the page stays, with what
  // was typed in it, under the sign-in question; signing out clears the session first, so it ends here.
  const endedUnderPage = code === 401 && session.data !== undefined;
  useEffect(() => {
    if (endedUnderPage) void askToSignInAgain();
  }, [endedUnderPage]);

  if (session.isPending) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center bg-zinc-100 text-sm text-zinc-500">
        Checking your session…
      </div>
    );
  }
  if (session.isError && !endedUnderPage) {
    if (code === 401) return <SignInForm />;
    if (code === 403)
      return (
        <SignInForm notice="The account signed in here has no operator access. Sign in with an operator account." />
      );
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-zinc-100 px-4 text-center">
        <h1 className="text-xl font-bold text-zinc-900">The console could not reach the server</h1>
        <p className="text-sm text-zinc-500">{session.error.message}</p>
        <button
          type="button"
          onClick={() => {
            void session.refetch();
          }}
          className="h-10 rounded-lg bg-zinc-900 px-5 font-semibold text-white hover:bg-zinc-700"
        >
          Try again
        </button>
      </main>
    );
  }
  return session.data ? <>{children(session.data)}</> : null;
}
