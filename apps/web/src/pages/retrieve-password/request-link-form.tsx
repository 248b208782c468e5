import { useId, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useMutation } from '@tanstack/react-query';
import { accountApi } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { emailError, focusFirstInvalid } from '../../shared/forms/validate';
import { Button } from '../../shared/ui/button';
import { MailIcon } from '../../shared/ui/icons/mail';
import { TextField } from '../../shared/ui/text-field';

const EMPTY = { email: '' };

/** Asks for a reset link. The answer never tells whether the email has an account. */
export function RequestLinkForm() {
  const { t } = useTranslation();
  const form = useCheckedForm(EMPTY, (values): Record<string, string> => {
    const problem = emailError(values.email, t);
    return problem ? { email: problem } : {};
  });
  const [sentTo, setSentTo] = useState('');
  const sentTitleId = useId();
  const request = useMutation({ mutationFn: accountApi.forgotPassword });
  const { errors, field } = form;

  const send = (email: string) => {
    request.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
      },
      onError: (error) => {
        setSentTo('');
        form.fail(formFailure(error, t));
        focusFirstInvalid(form.formRef.current);
      },
    });
  };

  const submit = form.submit((values) => {
    if (request.isPending) return;
    send(values.email.trim());
  });

  if (sentTo) {
    return (
      <section aria-labelledby={sentTitleId} className="flex flex-col gap-4 rounded-2xl bg-surface p-5">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent/15 text-accent">
          <MailIcon className="size-6" />
        </span>
        <h2 id={sentTitleId} className="text-lg font-semibold text-fg">
          {t('auth.forgot.sentTitle')}
        </h2>
        <p role="status" className="text-sm leading-relaxed text-fg">
          {t('auth.forgot.sent', { email: sentTo })}
        </p>
        <p className="text-sm leading-relaxed text-fg-muted">{t('auth.forgot.spam')}</p>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={request.isPending}
            aria-busy={request.isPending || undefined}
            onClick={() => {
              send(sentTo);
            }}
          >
            {t('auth.forgot.again')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSentTo('');
              form.reset();
            }}
          >
            {t('auth.forgot.otherEmail')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl bg-surface p-5">
      <p className="text-sm leading-relaxed text-fg-muted">{t('auth.forgot.intro')}</p>
      <TextField
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.emailPrompt')}
        error={errors.email}
        {...field('email')}
      />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton pending={request.isPending} pendingLabel={t('auth.forgot.submitting')}>
        {t('auth.forgot.submit')}
      </SubmitButton>
    </form>
  );
}
