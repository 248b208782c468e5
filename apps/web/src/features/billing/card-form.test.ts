import { checkCard, formatCardNumber, formatExpiry, luhnValid } from '@episodic/contract/card';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { cardFieldErrors, inputFields } from './card-form';

const NOW = new Date('2026-11-22T12:00:00Z');
const good = {
  number: '4242 4242 4242 4242',
  expiry: '12/26',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

describe('card checks', () => {
  it('accepts a valid card and names the brand', () => {
    const checked = checkCard(good, NOW);
    expect(checked.problems).toEqual({});
    expect(checked).toMatchObject({
      digits: '4242424242424242',
      brand: 'visa',
      expiry: { month: 12, year: 2026 },
      cvvLength: 3,
    });
  });

  it('uses the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('names each problem: missing, invalid, badly formatted, expired, wrong length', () => {
    expect(
      checkCard({ number: '', expiry: '', cvv: '', firstName: ' ', lastName: '', email: '' }, NOW).problems,
    ).toEqual({
      number: 'required',
      expiry: 'required',
      cvv: 'required',
      firstName: 'required',
      lastName: 'required',
      email: 'required',
    });
    expect(
      checkCard({ ...good, number: '4242 4242 4242 4241', expiry: '13/26', cvv: '12', email: 'ana@' }, NOW).problems,
    ).toEqual({
      number: 'invalid',
      expiry: 'format',
      cvv: 'length',
      email: 'invalid',
    });
    expect(checkCard({ ...good, expiry: '10/26' }, NOW).problems).toEqual({ expiry: 'expired' });
    expect(checkCard({ ...good, expiry: '11/26' }, NOW).problems).toEqual({});
    // American Express has a four-digit code.
    expect(checkCard({ ...good, number: '3782 822463 10005', cvv: '123' }, NOW).problems).toEqual({ cvv: 'length' });
    expect(checkCard({ ...good, number: '378282246310005', cvv: '1234' }, NOW).problems).toEqual({});
  });

  it('groups the number as it is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42-42 42a4')).toBe('4242 424');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25))).toHaveLength(19 + 4);
  });

  it('types the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
    // Deleting the slash deletes the month's last digit.
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('turns the problems into field errors in the interface language', async () => {
    const t = i18n.getFixedT('en');
    expect(cardFieldErrors({ ...good, number: '1234', cvv: '' }, t, NOW)).toEqual({
      number: 'This card number is not valid.',
      cvv: 'Please enter the security code.',
    });
    const es = i18n.getFixedT('es');
    await i18n.loadLanguages('es');
    expect(cardFieldErrors({ ...good, expiry: '01/20' }, es, NOW)).toEqual({ expiry: 'Esta tarjeta ha caducado.' });
  });
});

describe('server field errors', () => {
  it('go under the inputs by the names POST /api/payment/pay gives them', () => {
    expect(
      inputFields({
        'card.number': 'This card number is not valid.',
        'card.cvv': 'The security code has 3 digits.',
        'card.firstName': 'Please enter the first name on the card.',
        agree: 'Please tick “I agree” to pay.',
        card: 'Please enter your card details.',
      }),
    ).toEqual({
      number: 'This card number is not valid.',
      cvv: 'The security code has 3 digits.',
      firstName: 'Please enter the first name on the card.',
      agree: 'Please tick “I agree” to pay.',
      card: 'Please enter your card details.',
    });
  });
});
