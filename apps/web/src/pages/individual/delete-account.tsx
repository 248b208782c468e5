import type { FieldErrors, User } from '@episodic/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { PasswordField } from '../../shared/forms/password-field';
import { formFailure } from '../../shared/forms/server-messages';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { focusFirstInvalid } from '../../shared/forms/validate';
import { formatDate } from '../../shared/format/date';
import { useLanguage } from '../../shared/i18n/use-language';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { TrashIcon } from '../../shared/ui/icons/trash';
import { Section } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast-store';
import { dangerButtonClass, solidDangerButtonClass } from './danger-button';

const EMPTY = { password: '' };

function DeleteAccountDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    onEnded: () => {
      toast(t('account.delete.done'), 'success');
      void navigate('/', { replace: true });
    },
  });
  const form = useCheckedForm(EMPTY, (values): FieldErrors =>
    values.password ? {} : { password: t('auth.errors.passwordRequired') },
  );
  const { membership } = user;
  const paidUntil = membership.active ? (membership.renewsAt ?? membership.endsAt) : null;

  const submit = form.submit((values) => {
    if (remove.isPending) return;
    remove.mutate(values.password, {
      onError: (error) => {
        form.fail(formFailure(error, t));
        focusFirstInvalid(form.formRef.current);
      },
    });
  });

  return (
    <Dialog
      role="alertdialog"
      title={t('account.delete.title')}
      busy={remove.isPending}
      onClose={onClose}
      description={
        <>
          <p>{t('account.delete.body')}</p>
          <p className="font-medium text-fg">{t('account.delete.membership')}</p>
          {paidUntil ? <p>{t('account.delete.activeMembership', { date: formatDate(paidUntil, language) })}</p> : null}
        </>
      }
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordField
          label={t('account.delete.passwordLabel')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPrompt')}
          error={form.errors.password}
          {...form.field('password')}
        />
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <button
          type="submit"
          className={solidDangerButtonClass}
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
        >
          {remove.isPending ? t('account.delete.deleting') : t('account.delete.confirm')}
        </button>
        <Button variant="ghost" disabled={remove.isPending} onClick={onClose}>
          {t('account.cancel')}
        </Button>
      </form>
    </Dialog>
  );
}

/** "Delete my account", behind a dialog that says what is lost and asks for the password. */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('account.delete.section')}>
      <div className="flex flex-col gap-3 rounded-2xl bg-surface p-5">
        <p className="text-sm leading-relaxed text-fg-muted">{t('account.delete.hint')}</p>
        <button
          type="button"
          aria-haspopup="dialog"
          className={dangerButtonClass}
          onClick={() => {
            setOpen(true);
          }}
        >
          <TrashIcon className="size-4" />
          {t('account.delete.button')}
        </button>
      </div>
      {open ? (
        <DeleteAccountDialog
          user={user}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </Section>
  );
}
