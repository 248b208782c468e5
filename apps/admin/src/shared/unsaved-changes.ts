import { useEffect, useId, useState, useSyncExternalStore } from 'react';

/**
 * Forms with edits not saved yet. Each form says whether it has any (`useUnsavedChanges`); the one
 * guard in the shell asks before the console leaves the page (a link, Back) and lets the browser ask
 * before the tab closes or reloads. A router allows one blocker, so the forms share it.
 */
const unsaved = new Set<string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Marks the calling form as holding unsaved edits while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    unsaved.add(id);
    changed();
    return () => {
      unsaved.delete(id);
      changed();
    };
  }, [id, dirty]);
}

/** Whether any form on the page holds unsaved edits. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unsaved.size > 0,
    () => false,
  );
}

/**
 * For a form in a dialog, which holds nothing until something is typed: a change to any of its
 * fields (the change event bubbles to the form) marks it unsaved until the dialog closes.
 */
export function useEditedForm(): { onChange: () => void } {
  const [edited, setEdited] = useState(false);
  useUnsavedChanges(edited);
  return {
    onChange: () => {
      setEdited(true);
    },
  };
}
