import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/account';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { LogOutIcon } from '../../shared/ui/icons/log-out';
import { toast } from '../../shared/ui/toast-store';
import { dangerButtonClass } from './danger-button';

/** Ends every session of the account, this one included, after a confirmation. */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const signOut = useSignOut({
    onEnded: () => {
      setOpen(false);
      toast(t('account.signOutEverywhere.done'), 'success');
      void navigate('/login', { replace: true });
    },
  });
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = () => {
    signOut.mutate(true);
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="text-base font-semibold text-fg">{t('account.signOutEverywhere.title')}</h3>
        <p className="mt-1 text-sm leading-relaxed text-fg-muted">{t('account.signOutEverywhere.hint')}</p>
      </div>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        <LogOutIcon className="size-4" />
        {t('account.signOutEverywhere.button')}
      </Button>
      {open ? (
        <Dialog
          role="alertdialog"
          title={t('account.signOutEverywhere.confirmTitle')}
          description={<p>{t('account.signOutEverywhere.confirmBody')}</p>}
          initialFocus={cancelRef}
          busy={signOut.isPending}
          onClose={() => {
            setOpen(false);
          }}
        >
          <div className="flex flex-col gap-3">
            <button
              type="button"
              className={dangerButtonClass}
              disabled={signOut.isPending}
              aria-busy={signOut.isPending || undefined}
              onClick={confirm}
            >
              {t('account.signOutEverywhere.confirm')}
            </button>
            <Button
              ref={cancelRef}
              variant="ghost"
              disabled={signOut.isPending}
              onClick={() => {
                setOpen(false);
              }}
            >
              {t('account.cancel')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
