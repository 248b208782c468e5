// Stripe.js, loaded from Stripe's address only when the payment page needs it (never bundled, as
// Stripe requires), and the small part of its interface the payment page uses.

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripeElementEvents {
  ready: { elementType: string; availablePaymentMethods?: Record<string, boolean> };
  change: { elementType: string; complete: boolean; empty: boolean };
  confirm: { expressPaymentType: string; paymentFailed: (options?: { reason?: string }) => void };
  /** A wallet button was tapped: its sheet opens only when `resolve` is called (within a second). */
  click: { expressPaymentType: string; resolve: (options?: Record<string, unknown>) => void };
  loaderror: { elementType: string; error: StripeError };
}

export interface StripeElement {
  mount(target: string | HTMLElement): void;
  on<E extends keyof StripeElementEvents>(event: E, handler: (event: StripeElementEvents[E]) => void): StripeElement;
  destroy(): void;
}

export interface StripeElements {
  create(kind: 'payment' | 'expressCheckout', options?: Record<string, unknown>): StripeElement;
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeConfirmResult {
  error?: StripeError;
  paymentIntent?: { id: string; status: string };
}

export interface StripeInstance {
  elements(options: Record<string, unknown>): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret?: string;
    confirmParams: {
      return_url: string;
      payment_method_data?: { billing_details?: { name?: string; email?: string } };
    };
    redirect: 'if_required' | 'always';
  }): Promise<StripeConfirmResult>;
}

export type StripeFactory = (publishableKey: string, options?: Record<string, unknown>) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loading = new Map<string, Promise<StripeFactory>>();

/**
 * Stripe.js from `url` by a script tag, once per page; a failed load is forgotten so a retry loads
 * it again. Resolves with `window.Stripe`.
 */
export function loadStripeJs(url: string, timeoutMs = 20_000): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  const known = loading.get(url);
  if (known) return known;
  const load = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const timer = window.setTimeout(() => fail(new Error('Stripe.js took too long to load')), timeoutMs);
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      loading.delete(url);
      reject(error);
    }
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else fail(new Error('Stripe.js loaded without Stripe'));
    });
    script.addEventListener('error', () => fail(new Error('Stripe.js could not be loaded')));
    document.head.appendChild(script);
  });
  loading.set(url, load);
  return load;
}
