import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { OPERATOR_ROLE_NAMES, OPERATOR_ROLE_SUMMARIES } from '@episodic/contract/constants';
import { useSignIn } from '../../features/session';
import { useAcceptInvitation, useInvitation } from '../../features/team';
import { FormMessage, TextInput, formErrors } from '../../shared/form-fields';
import { Button } from '../../shared/ui';

/** The emailed link's token: in the address fragment, which browsers never send to a server or a referrer. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Where an invitation's link lands: set a password (or give the existing account's), then straight
 * into the console. Outside the session gate: the person is not an operator yet.
 */
export function InvitationPage() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useEffect(() => {
    document.title = 'Join the team · Episodic Console';
  }, []);

  const frame = (children: React.ReactNode) => (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-100 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">
        <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase">Episodic Console</p>
        {children}
      </div>
    </main>
  );

  if (!token || invitation.isError)
    return frame(
      <>
        <h1 className="mt-1 text-2xl font-bold text-zinc-900">This invitation does not work</h1>
        <p role="alert" className="mt-3 text-sm text-zinc-600">
          {invitation.error?.message ?? 'The link is incomplete. Open it again from the email.'}
        </p>
      </>,
    );
  if (invitation.isPending)
    return frame(
      <p role="status" className="mt-4 text-sm text-zinc-500">
        Checking the invitation…
      </p>,
    );

  const { email, role, hasAccount } = invitation.data;
  const { fields } = formErrors(accept.error);
  const busy = accept.isPending || signIn.isPending;
  return frame(
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!hasAccount && password !== repeat) {
          setMismatch(true);
          return;
        }
        setMismatch(false);
        accept.mutate(
          { token, password },
          {
            onSuccess: () => {
              signIn.mutate({ email, password }, { onSuccess: () => void navigate('/', { replace: true }) });
            },
          },
        );
      }}
      className="flex flex-col gap-4"
    >
      <div>
        <h1 className="mt-1 text-2xl font-bold text-zinc-900">Join the team as {OPERATOR_ROLE_NAMES[role]}</h1>
        <p className="mt-1 text-sm text-zinc-600">
          For <strong>{email}</strong>: {OPERATOR_ROLE_SUMMARIES[role].toLowerCase()}
        </p>
      </div>
      <FormMessage error={accept.error ?? signIn.error} />
      <p className="text-sm text-zinc-700">
        {hasAccount
          ? 'This address already has an Episodic account. Enter its password to join with it.'
          : 'Choose a password for the console: at least 8 characters, with a letter and a digit.'}
      </p>
      <TextInput
        label={hasAccount ? 'Your password' : 'New password'}
        type="password"
        autoComplete={hasAccount ? 'current-password' : 'new-password'}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
        }}
        error={fields.password}
      />
      {hasAccount ? null : (
        <TextInput
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => {
            setRepeat(e.target.value);
          }}
          error={mismatch ? 'The two passwords are not the same.' : undefined}
        />
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Joining…' : 'Join and sign in'}
      </Button>
    </form>,
  );
}
