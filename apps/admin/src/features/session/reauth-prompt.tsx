import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, REAUTH_PATH } from '../../shared/api';
import { settlePasswordQuestion, usePasswordQuestion } from '../../shared/reauth';
import { Button } from '../../shared/ui';
import { TextInput, formErrors } from '../../shared/form-fields';
import { sessionQuery } from './session';

/**
 * Asks for the operator's password again before a refund, a grant or a role change when it was last
 * entered more than 15 minutes ago. It opens over the form that asked, which stays as it was typed;
 * once confirmed, the action is sent again by itself.
 */
export function ReauthPrompt() {
  const asked = usePasswordQuestion();
  return asked ? <PasswordQuestion /> : null;
}

function PasswordQuestion() {
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const titleId = useId();
  const confirm = useMutation({
    mutationFn: (value: string) => api.post(REAUTH_PATH, { body: { password: value } }),
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

  useEffect(() => {
    // Captured before the dialog underneath sees it: Escape gives up this question only.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      if (!checking.current) settlePasswordQuestion(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-zinc-900/50 p-10 pt-32">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-sm rounded-2xl bg-white shadow-xl ring-1 ring-zinc-200"
      >
        <form
          className="flex flex-col gap-4 px-6 py-5"
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate(password);
          }}
        >
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
              Confirm it's you
            </h2>
            <p className="mt-1 text-sm text-zinc-600">
              You entered your password more than 15 minutes ago. Refunds, grants and changes to operator access need it
              again; what you filled in stays as it is.
            </p>
          </div>
          {message ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {message}
            </p>
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
              {confirm.isPending ? 'Checking…' : 'Confirm and continue'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
