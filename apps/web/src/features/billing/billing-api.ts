import type { ApiData } from '@episodic/api-client';
import type { CardFormInput } from '@episodic/contract/card';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { pagedQuery } from '../../shared/api/paged';
import type { Language } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { currentUserQuery } from '../../shared/session/current-user';

/** Every billing query starts with this key. */
export const billingKey = ['billing'] as const;

/** Statuses an order passes through before it is settled. */
const UNSETTLED = new Set(['processing', 'requires_action']);
export const ORDER_POLL_MS = 2000;

// Orders and the overview need a session; a first visit straight to a billing page must wait for the
// current-user call, which creates the guest session.
const withSession = (queryClient: QueryClient) => queryClient.ensureQueryData(currentUserQuery);

/** Memberships and coin packs for sale (`GET /api/plan`), named in the interface language. */
export const plansQuery = (language: Language) =>
  queryOptions({
    queryKey: [...billingKey, 'plans', language],
    queryFn: ({ signal }) => api.get('/api/plan', { signal }),
    staleTime: 5 * 60_000,
  });

/** One of the viewer's orders; polled while the payment is being confirmed. */
export const orderQuery = (orderId: string, language: Language, queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...billingKey, 'order', orderId, language],
    queryFn: async ({ signal }) => {
      await withSession(queryClient);
      return api.get('/api/payment/order', { query: { id: orderId }, signal });
    },
    // An order changes under the buyer's eyes (paid, 3-D Secure, webhooks): always ask again on open.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && UNSETTLED.has(query.state.data.status) ? ORDER_POLL_MS : false),
    retry: false,
  });

/** The viewer's orders, membership and saved card (`GET /api/payment`). */
export const paymentOverviewQuery = (language: Language, queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...billingKey, 'overview', language],
    queryFn: async ({ signal }) => {
      await withSession(queryClient);
      return api.get('/api/payment', { query: { page: 1, pageSize: 10 }, signal });
    },
  });

/** A multiple of two: the list is a two-column grid on wide phones. */
export const UNLOCKED_PAGE_SIZE = 20;

/** Series with unlocked episodes (`GET /api/user/unlocked`), the latest unlock first. */
export function unlockedQuery(language: Language, queryClient: QueryClient) {
  return pagedQuery({
    queryKey: [...billingKey, 'unlocked', language],
    path: '/api/user/unlocked',
    pageSize: UNLOCKED_PAGE_SIZE,
    before: () => withSession(queryClient),
  });
}

export type OpenedOrder = ApiData<'/api/payment/order', 'post'>;

/** Opens an order for a plan; the server sets the price. */
export async function createOrder(queryClient: QueryClient, planId: string): Promise<OpenedOrder> {
  await withSession(queryClient);
  return api.post('/api/payment/order', { body: { planId } });
}

/** The card form's values, as the contract's card checks read them. */
export type CardDetails = CardFormInput;

/** Pays an order by card. The server checks consent and the card again before any charge. */
export const payByCard = (orderId: string, card: CardDetails, agree: boolean) =>
  api.post('/api/payment/pay', { body: { orderId, method: 'card', card, agree } });

/** Starts paying an order with PayPal: the answer's `redirectUrl` is PayPal's approval page. */
/** PayPal: the email is where the receipt goes (a guest must give one; an account's own serves otherwise). */
export const payByPaypal = (orderId: string, agree: boolean, email: string) =>
  api.post('/api/payment/pay', {
    body: { orderId, method: 'paypal', agree, ...(email.trim() ? { email: email.trim() } : {}) },
  });

/** The buyer's own details beside Stripe's card form. */
export interface StripePayer {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The order's PaymentIntent for Stripe.js to confirm: the server makes one per attempt for the
 * order's own amount, and answers the same one again (a second tap, another card after a decline).
 */
export const startStripeIntent = (orderId: string, payer: StripePayer, agree: boolean) =>
  api.post('/api/payment/intent', { body: { orderId, ...payer, agree } });

/** Stops auto-renewal; the membership stays until the end of the paid period. */
export const cancelRenewal = () => api.post('/api/payment/cancel', { body: {} });

/** After money moved: the balance, the membership and every lock state may have changed. */
export async function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: billingKey }),
    queryClient.invalidateQueries({ queryKey: ['player'] }),
  ]);
}

export function usePlans() {
  return useQuery(plansQuery(useLanguage()));
}

export function useOrder(orderId: string | null) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useQuery({ ...orderQuery(orderId ?? '', language, queryClient), enabled: Boolean(orderId) });
}
