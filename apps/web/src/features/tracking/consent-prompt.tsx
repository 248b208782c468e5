import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadAllMessages } from '../../shared/i18n/i18n';
import { consent, consentBannerOpen } from './consent';

// The banner shows only where the operator requires consent: its code and words load then.
const ConsentBanner = lazy(async () => {
  await loadAllMessages();
  const module = await import('./consent-banner');
  return { default: module.ConsentBanner };
});

/** The consent banner while an answer is needed. */
export function ConsentPrompt() {
  const state = useSyncExternalStore(consent.subscribe, consent.get);
  if (!consentBannerOpen(state)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}

/** Whether the footer offers to change the choice (only where consent is required). */
export function useConsentRequired(): boolean {
  return useSyncExternalStore(consent.subscribe, () => consent.get().mode === 'required');
}
