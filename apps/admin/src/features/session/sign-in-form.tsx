import { useId, useState, type SubmitEvent } from 'react';
import { isApiError } from '../../shared/api';
import { useSignIn } from './session';

/**
 * The console's own email and password sign-in (a console session, apart from the viewer app's);
 * shows field errors (422) and refusals (401, 403, 429) from the server.
 */
export function SignInForm({ notice }: { notice?: string }) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailId = useId();
  const passwordId = useId();

  const error = signIn.error;
  const fields = isApiError(error) ? (error.fields ?? {}) : {};
  // A code-500 message is already shown as a toast; everything else belongs in the form.
  const formMessage =
    error && !(isApiError(error) && (error.code === 500 || (error.fields && Object.keys(error.fields).length > 0)))
      ? error.message || 'Sign-in failed, please try again'
      : '';

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-100 px-4">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200"
        aria-labelledby="sign-in-title"
      >
        <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase">Episodic Console</p>
        <h1 id="sign-in-title" className="mt-1 text-2xl font-bold text-zinc-900">
          Sign in
        </h1>
        <p className="mt-1 text-sm text-zinc-500">Use the account that was given operator access.</p>

        {notice && !formMessage ? (
          <p className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{notice}</p>
        ) : null}

        {formMessage ? (
          <p role="alert" className="mt-5 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {formMessage}
          </p>
        ) : null}

        <div className="mt-5 flex flex-col gap-1.5">
          <label htmlFor={emailId} className="text-sm font-medium text-zinc-700">
            Email
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? `${emailId}-error` : undefined}
            className="h-10 rounded-lg border border-zinc-300 px-3 text-zinc-900 outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-200"
          />
          {fields.email ? (
            <p id={`${emailId}-error`} className="text-sm text-red-600">
              {fields.email}
            </p>
          ) : null}
        </div>

        <div className="mt-4 flex flex-col gap-1.5">
          <label htmlFor={passwordId} className="text-sm font-medium text-zinc-700">
            Password
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            aria-invalid={fields.password ? true : undefined}
            aria-describedby={fields.password ? `${passwordId}-error` : undefined}
            className="h-10 rounded-lg border border-zinc-300 px-3 text-zinc-900 outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-200"
          />
          {fields.password ? (
            <p id={`${passwordId}-error`} className="text-sm text-red-600">
              {fields.password}
            </p>
          ) : null}
        </div>

        <button
          type="submit"
          disabled={signIn.isPending}
          className="mt-6 h-10 w-full rounded-lg bg-zinc-900 font-semibold text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:opacity-60"
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
