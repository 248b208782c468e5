import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, REAUTH_PATH, SESSION_PATH } from '../../shared/api';
import { ModalFocus } from '../../shared/dialogs';
import { settlePasswordQuestion, useOpenQuestion, type Question } from '../../shared/reauth';
import { Button } from '../../shared/ui';
import { TextInput, formErrors } from '../../shared/form-fields';
import { sessionQuery, type AdminSession } from './session';

/**
 * Asks for the operator's password again, over the page that asked: before a refund, a grant or a
 * role change when it was last entered more than 15 minutes ago, and when the console session ended
 * under an open page (then as a sign-in). The form underneath stays as it was typed; once confirmed,
 * the action is sent again by itself.
 */
export function ReauthPrompt() {
  const asked = useOpenQuestion();
  // Keyed by the question: a password question that turns into a sign-in starts with an empty form.
  return asked ? <PasswordQuestion key={asked} kind={asked} /> : null;
}

const COPY: Record<Question, { title: string; intro: string; submit: string }> = {
  password: {
    title: "Confirm it's you",
    intro:
      'You entered your password more than 15 minutes ago. Refunds, grants, taking away unlocks and changes to operator access need it again; what you filled in stays as it is.',
    submit: 'Confirm and continue',
  },
  'sign-in': {
    title: 'Your session ended',
    intro:
      'You were signed out of the console (the session expired or was ended elsewhere). Sign in again to carry on; what you filled in stays as it is.',
    submit: 'Sign in and continue',
  },
};

function PasswordQuestion({ kind }: { kind: Question }) {
  const client = useQueryClient();
  // The operator this page was opened by: a sign-in here continues their work, so it is their email.
  const operator = client.getQueryData<AdminSession>(sessionQuery.queryKey);
  const [email, setEmail] = useState(operator?.email ?? '');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const confirm = useMutation({
    mutationFn: (value: string) =>
      kind === 'password'
        ? api.post(REAUTH_PATH, { body: { password: value } })
        : api.post(SESSION_PATH, { body: { email: email.trim(), password: value } }),
    onSuccess: (session) => {
      client.setQueryData(sessionQuery.queryKey, session);
      settlePasswordQuestion(true);
    },
  });
  // A wrong password is a field error; anything else (too many attempts, the session ended) a message.
  const { fields, message } = formErrors(confirm.error);
  // While the password is being checked the question stays: giving up then would drop an action the
  // answer is about to allow.
  const checking = useRef(false);
  checking.current = confirm.isPending;
  const copy = COPY[kind];

  return (
    <ModalFocus
      onEscape={() => {
        if (!checking.current) settlePasswordQuestion(false);
      }}
    >
      <div className="fixed inset-0 z-50 flex items-start justify-center bg-zinc-900/50 p-10 pt-32">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="w-full max-w-sm rounded-2xl bg-white shadow-xl ring-1 ring-zinc-200"
        >
          <form
            className="flex flex-col gap-4 px-6 py-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              confirm.mutate(password);
            }}
          >
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
                {copy.title}
              </h2>
              <p className="mt-1 text-sm text-zinc-600">{copy.intro}</p>
            </div>
            {message ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {message}
              </p>
            ) : null}
            {kind === 'sign-in' ? (
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                }}
                error={fields.email}
              />
            ) : null}
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
              }}
              error={fields.password}
            />
            <div className="flex justify-end gap-2">
              <Button
                disabled={confirm.isPending}
                onClick={() => {
                  settlePasswordQuestion(false);
                }}
              >
                Cancel
              </Button>
              <Button variant="primary" type="submit" disabled={confirm.isPending || !password}>
                {confirm.isPending ? 'Checking…' : copy.submit}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </ModalFocus>
  );
}
