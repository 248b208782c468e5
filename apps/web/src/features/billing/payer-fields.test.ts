import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { payerErrors } from './payer-fields';

const good = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima', agree: true };

describe('the buyer’s details', () => {
  it('pass when the email, both names and the consent are there', () => {
    expect(payerErrors(good, i18n.getFixedT('en'))).toEqual({});
  });

  it('name each missing or wrong field in the interface language', () => {
    const t = i18n.getFixedT('en');
    expect(payerErrors({ email: ' ', firstName: '', lastName: ' ', agree: false }, t)).toEqual({
      email: 'Please enter your email.',
      firstName: 'Please enter the first name on the card.',
      lastName: 'Please enter the last name on the card.',
      agree: 'Please tick “I agree” to pay.',
    });
    expect(payerErrors({ ...good, email: 'ana@' }, t)).toEqual({ email: 'Enter a valid email address.' });
  });
});
