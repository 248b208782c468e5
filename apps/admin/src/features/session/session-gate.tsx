import type { ReactNode } from 'react';
import { isApiError } from '../../shared/api';
import { NoAccess } from './no-access';
import { useSession, type AdminSession } from './session';
import { SignInForm } from './sign-in-form';

interface SessionGateProps {
  children: (session: AdminSession) => ReactNode;
}

/** Shows the console only to operators: sign-in on 401, a refusal on 403. */
export function SessionGate({ children }: SessionGateProps) {
  const session = useSession();

  if (session.isPending) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center bg-zinc-100 text-sm text-zinc-500">
        Checking your session…
      </div>
    );
  }
  if (session.isError) {
    const code = isApiError(session.error) ? session.error.code : 0;
    if (code === 401) return <SignInForm />;
    if (code === 403) return <NoAccess />;
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
  return <>{children(session.data)}</>;
}
