import type { User } from '@episodic/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { accountApi } from '../../features/account';
import { currentUserKey } from '../../shared/session/current-user';
import { FormAlert } from '../../shared/forms/form-alert';
import { formFailure } from '../../shared/forms/server-messages';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Button } from '../../shared/ui/button';
import { toast } from '../../shared/ui/toast-store';

/**
 * Completes the emailed verification link (`/my?verifyToken=…`) once and says how it went. The token
 * leaves the address at once: addresses are shared and read by the advertising pixels.
 */
export function EmailLinkResult() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = params.get('verifyToken');
  const started = useRef(false);
  // The confirmation, or what went wrong (empty when the client has already said it, as for a lost connection).
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        current.delete('verifyToken');
        return current;
      },
      { replace: true },
    );
    accountApi.verifyEmail(token).then(
      () => {
        setResult({ tone: 'success', message: t('account.verify.done') });
        // The notice asking to confirm goes at once, not when the account is read again.
        queryClient.setQueryData<User | null>(currentUserKey, (user) => user && { ...user, emailVerified: true });
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
      },
      (error: unknown) => {
        setResult({ tone: 'error', message: formFailure(error, t, { 410: t('account.verify.failed') }).message });
      },
    );
  }, [token, setParams, queryClient, t]);
  if (!result?.message) return null;
  return <FormAlert tone={result.tone}>{result.message}</FormAlert>;
}

/** Asks a signed-in account whose email is not confirmed to open the emailed link, and sends it again. */
export function VerifyEmailNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: accountApi.resendVerification,
    onSuccess: () => {
      toast(t('account.verify.sent', { email: user.email }), 'success');
    },
  });
  // A refusal the client does not toast (too many resends) is said here.
  const failure = resend.isError ? formFailure(resend.error, t).message : '';
  if (user.isGuest || !user.email || user.emailVerified) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300/30 bg-amber-300/10 p-4 text-sm leading-relaxed text-fg"
    >
      <p className="font-semibold">{t('account.verify.title')}</p>
      <p className="text-fg-muted">{t('account.verify.notice', { email: user.email })}</p>
      {resend.isError && failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={resend.isPending || resend.isSuccess}
        aria-busy={resend.isPending || undefined}
        onClick={() => {
          resend.mutate();
        }}
      >
        {t(resend.isSuccess ? 'account.verify.resent' : 'account.verify.resend')}
      </Button>
    </div>
  );
}
