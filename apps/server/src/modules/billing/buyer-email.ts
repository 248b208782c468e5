import type { Kysely } from 'kysely';
import { buyerEmailProblem } from '@episodic/contract/card';
import type { DB } from '../../db/schema';
import { fieldProblem, invalidInput, loginRequired } from '../../http/errors';
import { userContact } from './billing.repository';

/**
 * The address a payment's receipt goes to, checked before anything is charged, on every way to pay
 * (card, PayPal, a processor's payment intent). A guest must give one: the receipt, its cancel link
 * and the link that turns the guest into an account go there, so nothing bought is lost with the
 * device. An account's own email serves otherwise (answered as null: nothing to record).
 *
 * `field` names the form field the problem is shown on (`email`, or the card form's `card.email`).
 */
export async function requireBuyerEmail(
  db: Kysely<DB>,
  userId: string,
  email: string | undefined,
  field = 'email',
): Promise<string | null> {
  const user = await userContact(db, userId);
  if (!user) throw loginRequired();
  if (!user.is_guest) return null;
  const problem = buyerEmailProblem(email);
  if (problem === 'required')
    throw invalidInput(
      {
        [field]: fieldProblem(
          'email_required',
          'Please enter your email: your receipt and access to what you buy go there.',
        ),
      },
      'Please enter your email: your receipt and access to what you buy go there.',
    );
  if (problem === 'invalid')
    throw invalidInput({ [field]: fieldProblem('email_invalid', 'Enter a valid email address.') });
  return email!.trim().toLowerCase();
}
