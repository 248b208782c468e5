import type { ValidCard } from './card';

/** A card the provider keeps for later charges: only its token and what may be shown. */
export interface SavedMethod {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  orderId: string;
  /** Same key, same charge: a retried request is not charged twice by the provider. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  /** A new card (first payment) or a saved one (renewals). */
  card?: ValidCard;
  savedToken?: string;
  /** Where the buyer returns after a challenge or an approval page. */
  returnUrl: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; providerRef: string; method?: SavedMethod }
  | {
      status: 'failed';
      providerRef: string;
      reason: string;
      /** The processor wants the cardholder present (Stripe's `authentication_required` off-session). */
      needsBuyer?: boolean;
    }
  | { status: 'requires_action'; providerRef: string; redirectUrl: string; method?: SavedMethod };

/** One payment provider behind the billing rules: the rules never depend on which. */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge's current state at the provider (reconciliation, webhooks); `providerRef` when known. */
  lookup(idempotencyKey: string, providerRef?: string | null): Promise<ChargeOutcome | null>;
  /** Part or all of a charge; `key` is the refund's own, so the same refund asked twice is made once. */
  refund(providerRef: string, amount: number, currency: string, key: string): Promise<void>;
  /**
   * Ends a charge still waiting for its holder (a 3-D Secure check left unfinished), so that another
   * card can pay the order without the first one being charged too. Answers the charge's state after:
   * failed when it was ended, succeeded when the holder passed the check first. A provider without it
   * keeps the order waiting for that check.
   */
  abandon?(idempotencyKey: string, providerRef: string): Promise<ChargeOutcome | null>;
}
