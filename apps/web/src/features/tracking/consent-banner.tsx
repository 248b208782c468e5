import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { Button } from '../../shared/ui/button';
import { consent } from './consent';

/**
 * Asks whether advertising partners' pixels may run. Both answers are one tap and equally prominent;
 * the answer is remembered on this device and can be changed from the footer.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))] z-40 mx-auto w-full max-w-[480px] px-3 pb-3"
    >
      <div className="flex flex-col gap-3 rounded-2xl bg-surface-2 p-4 shadow-[0_8px_32px_rgb(0_0_0/0.5)] ring-1 ring-white/10">
        <h2 id={titleId} className="text-base font-semibold text-fg">
          {t('consent.title')}
        </h2>
        <p id={bodyId} className="text-sm leading-relaxed text-fg-muted">
          {t('consent.body')}{' '}
          <Link
            to="/privacyPolicy"
            className="font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('consent.privacy')}
          </Link>
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              consent.decide('denied');
            }}
          >
            {t('consent.reject')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              consent.decide('granted');
            }}
          >
            {t('consent.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
