import { useSyncExternalStore } from 'react';

/**
 * The console's question "enter your password again": asked by the API client when the server
 * answers `reauth_required`, answered by the prompt (features/session/reauth-prompt.tsx). Requests
 * that need it at the same time share one question.
 */

interface Question {
  answered: Promise<boolean>;
  settle: (confirmed: boolean) => void;
}

let open: Question | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Resolves true once the operator confirmed the password, false when they gave up. */
export function askForPassword(): Promise<boolean> {
  if (!open) {
    let settle: (confirmed: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    open = { answered, settle };
    changed();
  }
  return open.answered;
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

/** Whether the console is waiting for the operator's password. */
export function usePasswordQuestion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open !== null,
    () => false,
  );
}
