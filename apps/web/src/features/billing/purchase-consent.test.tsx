import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import type { Language } from '../../shared/i18n/languages';
import { renderPage } from '../../test/render-page';
import { coinOrder, membershipOrder } from '../../test/samples';
import { consentText, PurchaseConsent, type PurchaseTerms } from './purchase-consent';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const NOW = Date.parse('2026-11-26T12:00:00Z');
const nbsp = '\u00a0';
const pack = coinOrder('pending', { planId: 'coins-1000', amount: 899, coins: 1000, bonusCoins: 100 });
const monthly = membershipOrder('pending');

/** The consent sentence as the box shows it: the message with its values, the link tags dropped. */
async function sentence(terms: PurchaseTerms, language: Language, now = NOW): Promise<string> {
  await i18n.changeLanguage(language);
  const { key, values } = consentText(terms, i18n.getFixedT(language), language, now);
  return i18n.t(key, { ...values, lng: language }).replace(/<\/?\w+>/g, '');
}

function Box({ terms }: { terms: PurchaseTerms }) {
  const [checked, setChecked] = useState(false);
  return <PurchaseConsent terms={terms} checked={checked} onChange={setChecked} />;
}

describe('the purchase consent', () => {
  it('calls a coin pack a one-time purchase of its coins and bonus, with nothing renewing', async () => {
    expect(await sentence(pack, 'en')).toBe(
      'I agree to the Terms of Use, Service Agreement and Refund Policy. This is a one-time purchase of ' +
        '1,000 coins plus 100 bonus coins for $8.99; nothing renews.',
    );
    expect(await sentence(coinOrder('pending'), 'en')).toContain('one-time purchase of 300 coins for $2.99;');
    expect(await sentence(pack, 'dy')).toContain(
      `einmaliger Kauf von 1.000 Münzen plus 100 Bonusmünzen für 8,99${nbsp}$; nichts verlängert sich.`,
    );
  });

  it('names a membership’s price, period and first renewal date', async () => {
    expect(await sentence(monthly, 'en')).toBe(
      'I agree to the Terms of Use, Service Agreement and Refund Policy. My membership starts today and renews ' +
        'automatically every 30 days at $4.99 (first renewal on December 26, 2026) until I cancel. ' +
        'I can cancel any time in My account.',
    );
  });

  it.each([
    ['dy', `alle 30 Tage zum Preis von 4,99${nbsp}$ (erste Verlängerung am 26. Dezember 2026)`],
    ['fy', `tous les 30 jours au prix de 4,99${nbsp}$US (premier renouvellement le 26 décembre 2026)`],
    ['es', `cada 30 días por 4,99${nbsp}US$ (primera renovación el 26 de diciembre de 2026)`],
    ['pt', `a cada 30 dias por US$${nbsp}4,99 (primeira renovação em 26 de dezembro de 2026)`],
  ] as const)('writes the price and the date in %s', async (language, expected) => {
    expect(await sentence(monthly, language)).toContain(expected);
  });

  it('says a member paying again extends the paid time before renewals start', async () => {
    const later = membershipOrder('pending', { renewsAt: '2027-01-20T12:00:00.000Z' });
    expect(await sentence(later, 'en')).toContain(
      'My paid membership time is extended, then it renews automatically every 30 days at $4.99 (first renewal on January 20, 2027)',
    );
  });

  it('counts one period from now when the server sent no renewal date', async () => {
    expect(await sentence(membershipOrder('pending', { renewsAt: null }), 'en')).toContain(
      '(first renewal on December 26, 2026)',
    );
  });

  it('is a checkbox named by its whole sentence, with the policies linked, in the interface language', async () => {
    await act(() => i18n.changeLanguage('dy'));
    renderPage(<Box terms={monthly} />);
    const box = await screen.findByRole('checkbox', {
      name: /Meine Mitgliedschaft beginnt heute und verlängert sich automatisch alle 30 Tage zum Preis von 4,99\s\$/,
    });
    expect(screen.getByRole('link', { name: 'Erstattungsrichtlinie' }).getAttribute('href')).toBe('/refundPolicy');
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
