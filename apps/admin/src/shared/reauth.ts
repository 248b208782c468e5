import { useSyncExternalStore } from 'react';

/**
 * The console's questions that keep the operator's work: "enter your password again" (the server
 * answered `reauth_required`) and "sign in again" (the console session ended: it expired, was signed
 * out elsewhere or revoked). Asked by the API client, answered by the prompt
 * (features/session/reauth-prompt.tsx) which opens over the page, so every form stays as typed; once
 * answered, the request that asked is sent again. Requests that ask at the same time share one question.
 */

export type Question = 'password' | 'sign-in';

interface Open {
  kind: Question;
  answered: Promise<boolean>;
  settle: (confirmed: boolean) => void;
}

let open: Open | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function ask(kind: Question): Promise<boolean> {
  // A sign-in answers a password question too (it sets a fresh password time), not the other way round.
  if (open && kind === 'sign-in' && open.kind === 'password') {
    open = { ...open, kind };
    changed();
  }
  if (!open) {
    let settle: (confirmed: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    open = { kind, answered, settle };
    changed();
  }
  return open.answered;
}

/** Resolves true once the operator confirmed the password, false when they gave up. */
export function askForPassword(): Promise<boolean> {
  return ask('password');
}

/** Resolves true once the operator signed in to the console again, false when they gave up. */
export function askToSignInAgain(): Promise<boolean> {
  return ask('sign-in');
}

/** Answers the open question (the prompt calls it). */
export function settlePasswordQuestion(confirmed: boolean): void {
  const question = open;
  open = null;
  changed();
  question?.settle(confirmed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The question the console is waiting on, if any. */
export function useOpenQuestion(): Question | null {
  return useSyncExternalStore(
    subscribe,
    () => open?.kind ?? null,
    () => null,
  );
}
