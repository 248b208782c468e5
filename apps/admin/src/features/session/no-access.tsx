import { useSignOut } from './session';

/** Signed in, but the account is not an operator. */
export function NoAccess() {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-zinc-200">
        <h1 className="text-xl font-bold text-zinc-900">This account has no operator access</h1>
        <p className="mt-2 text-sm text-zinc-500">Sign out and sign in with an operator account.</p>
        <button
          type="button"
          disabled={signOut.isPending}
          onClick={() => {
            signOut.mutate();
          }}
          className="mt-6 h-10 w-full rounded-lg bg-zinc-900 font-semibold text-white hover:bg-zinc-700 disabled:opacity-60"
        >
          Sign out
        </button>
      </div>
    </main>
  );
}
