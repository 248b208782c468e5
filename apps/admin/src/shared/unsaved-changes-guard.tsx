import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from './dialogs';
import { Button } from './ui';
import { useHasUnsavedChanges } from './unsaved-changes';

/** Asks before leaving a page with unsaved edits: another page of the console, or the tab itself. */
export function UnsavedChangesGuard() {
  const pending = useHasUnsavedChanges();
  // Filters and paging of the same page change only the query: the edits stay on screen.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!pending) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [pending]);
  // A save that finished while the question was open leaves nothing to lose.
  useEffect(() => {
    if (blocker.state === 'blocked' && !pending) blocker.proceed();
  }, [blocker, pending]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog
      title="Leave without saving?"
      onClose={() => {
        blocker.reset();
      }}
      footer={
        <>
          <Button
            autoFocus
            onClick={() => {
              blocker.reset();
            }}
          >
            Stay on this page
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              blocker.proceed();
            }}
          >
            Leave and lose the changes
          </Button>
        </>
      }
    >
      <p className="text-sm text-zinc-700">
        Some changes on this page have not been saved. If you leave now, they are lost.
      </p>
    </Dialog>
  );
}
