import type { User } from '@episodic/contract';
import type { TFunction } from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import type { Language } from '../../shared/i18n/languages';
import { formatDate } from '../../shared/format/date';
import { formatPrice } from '../../shared/format/price';
import { Button } from '../../shared/ui/button';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { toast } from '../../shared/ui/toast-store';
import { currentUserKey } from '../../shared/session/current-user';
import { billingKey, cancelRenewal } from './billing-api';

/** "Renews on …", "Active until …" or "Free plan", the date in the interface language. */
export function membershipLine(user: User, t: TFunction, language: Language): string {
  const { membership } = user;
  if (!membership.active) return t('account.freePlan');
  if (membership.autoRenew && membership.renewsAt)
    return t('account.renewsOn', { date: formatDate(membership.renewsAt, language) });
  if (membership.endsAt) return t('account.activeUntil', { date: formatDate(membership.endsAt, language) });
  return t('account.member');
}

/**
 * The membership and its renewal, with cancelling in one tap: no questions, access stays to the end
 * of the paid period, and the page says until when. The renewal price shown is the member's own (the
 * price they agreed to), which a later change of the plan's price does not touch.
 */
export function MembershipStatus({ user, plans }: { user: User; plans?: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelRenewal,
    onSuccess: (membership) => {
      queryClient.setQueryData<User>(currentUserKey, (current) => (current ? { ...current, membership } : current));
      void queryClient.invalidateQueries({ queryKey: [...billingKey, 'overview'] });
      toast(t('billing.membership.cancelled', { date: formatDate(membership.endsAt, language) }), 'success');
    },
  });
  const { membership } = user;
  const planName = membership.planName ?? plans?.find((p) => p.id === membership.planId)?.name;
  return (
    <div data-testid="membership-status" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <div className="flex items-center gap-3">
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-full ${membership.active ? 'bg-amber-400/15 text-amber-300' : 'bg-surface-3 text-fg-muted'}`}
        >
          <CrownIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-fg">
            {membership.active ? (planName ?? t('account.member')) : t('account.freePlan')}
          </p>
          <p className="text-sm text-fg-muted">
            {membership.active ? membershipLine(user, t, language) : t('billing.membership.none')}
          </p>
          {membership.active &&
          membership.autoRenew &&
          typeof membership.renewalPrice === 'number' &&
          membership.renewalDays ? (
            <p data-testid="renewal-price" className="mt-1 text-sm text-fg">
              {t('billing.membership.renewalPrice', {
                price: formatPrice(membership.renewalPrice, membership.currency ?? 'USD', language),
                days: membership.renewalDays,
              })}
            </p>
          ) : null}
        </div>
      </div>
      {membership.active && membership.autoRenew ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          onClick={() => {
            cancel.mutate();
          }}
        >
          {t('billing.membership.cancel')}
        </Button>
      ) : null}
      {membership.active && !membership.autoRenew ? (
        <p className="text-xs text-fg-muted">{t('billing.membership.noRenewal')}</p>
      ) : null}
    </div>
  );
}
