import { describe, expect, it } from 'vitest';
import { money, receiptEmail } from './billing-emails';

const nbsp = '\u00a0';

describe('prices in billing emails', () => {
  it('are written the reader’s language’s way, with two decimals', () => {
    expect(money(499, 'USD', 'en')).toBe('$4.99');
    expect(money(499, 'USD', 'dy')).toBe(`4,99${nbsp}$`);
    expect(money(499, 'USD', 'fy')).toBe(`4,99${nbsp}$US`);
    expect(money(499, 'USD', 'es')).toBe(`4,99${nbsp}US$`);
    expect(money(499, 'USD', 'pt')).toBe(`US$${nbsp}4,99`);
    // Two decimals even where the currency has none of its own.
    expect(money(50000, 'JPY', 'en')).toBe('¥500.00');
    expect(money(499, 'NOT-A-CODE', 'dy')).toBe('4.99 NOT-A-CODE');
  });

  it('show in the receipt with its dates in the same language', () => {
    const mail = receiptEmail({
      to: 'ana@example.com',
      lang: 'dy',
      plan: 'Monatlich',
      amount: 1499,
      currency: 'USD',
      paidAt: new Date('2026-11-26T12:00:00Z'),
      renewsAt: new Date('2026-12-26T12:00:00Z'),
      cancelUrl: null,
    });
    expect(mail.text).toContain(`Wir haben am 26. November 2026 14,99${nbsp}$ für Monatlich abgebucht.`);
    expect(mail.text).toContain('Deine Mitgliedschaft verlängert sich am 26. Dezember 2026.');
  });
});
