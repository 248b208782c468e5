import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/samples';
import { i18n } from '../../shared/i18n/i18n';
import { declineReason } from './decline-reason';

const t = i18n.t.bind(i18n);

describe('declineReason', () => {
  it('shows a payment failure in Spanish and French by code, whatever English the processor sent', async () => {
    await inLanguage('es', () => {
      expect(declineReason('Your card was declined.', 'card_declined', t)).toBe(
        'Tu tarjeta fue rechazada. Prueba con otra tarjeta o pregunta a tu banco por qué rechazó el pago.',
      );
    });
    await inLanguage('fy', () => {
      expect(declineReason('Whatever the processor said.', 'insufficient_funds', t)).toBe(
        'Le solde de votre carte est insuffisant. Essayez une autre carte, ou approvisionnez votre compte et payez à nouveau.',
      );
    });
  });

  it('falls back to the processor’s words for a code without words, and to a plain refusal without either', async () => {
    await inLanguage('dy', () => {
      expect(declineReason('Do not honor.', null, t)).toBe('Do not honor.');
      expect(declineReason(null, null, t)).toBe(t('billing.card.declinedPlain'));
    });
  });
});
