/**
 * The browser half of the Stripe stand-in (fake-stripe.ts): a Stripe.js at `/v3/` with the subset
 * the payment page uses — `Stripe(pk)`, `elements({ clientSecret })` or `elements({ mode, amount,
 * currency })` (the intent made after the form, its secret given to `confirmPayment`), the Payment Element and the
 * Express Checkout Element (`mount`, `on`), `elements.submit()` and `confirmPayment` — and the pages
 * of the stand-in's own origin: the card fields' frame, the wallet button's frame, and the bank's
 * 3-D Secure page. As with Stripe, the card is typed into a frame of another origin, which sends it
 * to the API with the publishable key and the client secret; the page only hears whether the form is
 * complete and how the payment ended.
 */

type Json = Record<string, unknown>;

export interface PageContext {
  /** The stand-in's own origin (Stripe's, as the browser sees it). */
  origin: string;
  url: URL;
  body: Json;
  /** Whether the Express Checkout Element offers a wallet. */
  wallets: boolean;
  /** The bank's page was answered: the intent after it, or null when it was not waiting for it. */
  authenticate: (intentId: string, success: boolean) => Json | null;
}

export interface PageAnswer {
  status: number;
  type: string;
  body: string;
  location?: string;
}

/** The card a wallet (Google Pay in test mode) pays with. */
export const WALLET_CARD = '4242424242424242';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (body: string): PageAnswer => ({ status: 200, type: 'text/html; charset=utf-8', body });

/** Stripe.js, as far as the payment page uses it. */
function stripeJs(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var seq = 0;
  var registry = {};

  function Element(elements, kind) {
    this._elements = elements;
    this._kind = kind;
    this._handlers = {};
    this._id = 'fs' + String(++seq);
    this._frame = null;
    this._waiters = {};
    this._available = undefined;
  }
  Element.prototype.on = function (name, fn) {
    (this._handlers[name] = this._handlers[name] || []).push(fn);
    return this;
  };
  Element.prototype.off = function (name) {
    delete this._handlers[name];
    return this;
  };
  Element.prototype._fire = function (name, event) {
    (this._handlers[name] || []).forEach(function (fn) { fn(event); });
  };
  Element.prototype._attach = function (host, kind, extra) {
    var params = new URLSearchParams(Object.assign({
      id: this._id,
      pk: this._elements._stripe._pk,
      cs: this._elements._clientSecret || '',
      parent: window.location.origin,
      locale: this._elements._locale || 'auto'
    }, extra));
    var frame = document.createElement('iframe');
    frame.src = ORIGIN + '/elements/' + kind + '?' + params.toString();
    frame.name = '__privateStripeFrame' + this._id;
    frame.title = kind === 'payment' ? 'Secure payment input frame' : 'Secure express checkout frame';
    frame.setAttribute('allow', 'payment *');
    frame.setAttribute('frameborder', '0');
    frame.style.cssText = 'border:0;width:100%;display:block;background:transparent;height:' + (kind === 'payment' ? '200px' : '52px');
    host.appendChild(frame);
    this._frame = frame;
    registry[this._id] = this;
  };
  Element.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('The selector ' + target + ' matches no element to mount in.');
    var self = this;
    if (this._kind === 'payment') {
      this._attach(host, 'payment', {});
      return;
    }
    fetch(ORIGIN + '/v3/wallets?key=' + encodeURIComponent(this._elements._stripe._pk))
      .then(function (res) { return res.json(); })
      .then(function (config) {
        if (!config.wallets.length) {
          self._fire('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined });
          return;
        }
        self._available = { googlePay: true, applePay: false, link: false, paypal: false, amazonPay: false };
        self._attach(host, 'express', { wallet: config.wallets[0] });
      })
      .catch(function () {
        self._fire('loaderror', { elementType: 'expressCheckout', error: { type: 'api_connection_error', message: 'Stripe could not be reached.' } });
      });
  };
  Element.prototype.unmount = function () {
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
  };
  Element.prototype.destroy = function () {
    this.unmount();
    delete registry[this._id];
  };
  Element.prototype._ask = function (message) {
    var self = this;
    return new Promise(function (resolve) {
      var ask = ++seq;
      self._waiters[ask] = resolve;
      self._frame.contentWindow.postMessage(Object.assign({ fs: 'fake-stripe', ask: ask }, message), ORIGIN);
    });
  };

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== ORIGIN || !data || data.fs !== 'fake-stripe') return;
    var element = registry[data.id];
    if (!element) return;
    if (data.ask && element._waiters[data.ask]) {
      var resolve = element._waiters[data.ask];
      delete element._waiters[data.ask];
      resolve(data.result);
      return;
    }
    if (data.type === 'ready')
      element._fire('ready', element._kind === 'payment'
        ? { elementType: 'payment' }
        : { elementType: 'expressCheckout', availablePaymentMethods: element._available });
    if (data.type === 'change')
      element._fire('change', { elementType: 'payment', complete: data.complete, empty: data.empty, value: { type: 'card' } });
    if (data.type === 'click') {
      element._elements._express = element;
      // As Stripe: with a click handler, the wallet's sheet opens only if it calls resolve() within a second.
      var opened = false;
      var open = function () {
        if (opened) return;
        opened = true;
        element._fire('confirm', {
          elementType: 'expressCheckout',
          expressPaymentType: data.wallet,
          paymentFailed: function () {}
        });
      };
      var resolved = false;
      var waiting = (element._handlers.click || []).length > 0;
      element._fire('click', {
        elementType: 'expressCheckout',
        expressPaymentType: data.wallet,
        resolve: function () { resolved = true; }
      });
      if (!waiting || resolved) open();
      else setTimeout(function () { if (resolved) open(); }, 1000);
    }
  });

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._clientSecret = options.clientSecret;
    this._locale = options.locale;
    this._list = [];
    this._express = null;
  }
  Elements.prototype.create = function (kind) {
    if (kind !== 'payment' && kind !== 'expressCheckout')
      throw new Error('The Stripe stand-in has no ' + kind + ' Element.');
    var element = new Element(this, kind);
    this._list.push(element);
    return element;
  };
  Elements.prototype.getElement = function (kind) {
    return this._list.filter(function (e) { return e._kind === kind; })[0] || null;
  };
  Elements.prototype.update = function (options) {
    if (options && options.clientSecret) this._clientSecret = options.clientSecret;
  };
  Elements.prototype._payment = function () {
    return this._list.filter(function (e) { return e._kind === 'payment' && e._frame; })[0] || null;
  };
  Elements.prototype.submit = function () {
    if (this._express) return Promise.resolve({});
    var payment = this._payment();
    if (!payment) return Promise.resolve({ error: { type: 'validation_error', message: 'There is no payment form to submit.' } });
    return payment._ask({ type: 'submit' });
  };

  function withParams(url, params) {
    var out = new URL(url, window.location.href);
    Object.keys(params).forEach(function (k) { out.searchParams.set(k, params[k]); });
    return out.toString();
  }

  function StripeInstance(pk) {
    this._pk = pk;
  }
  StripeInstance.prototype.elements = function (options) {
    return new Elements(this, options || {});
  };
  StripeInstance.prototype.confirmPayment = function (options) {
    var elements = options.elements;
    var params = options.confirmParams || {};
    var element = elements._express || elements._payment();
    elements._express = null;
    if (!element) return Promise.resolve({ error: { type: 'validation_error', message: 'There is no payment form to confirm.' } });
    var billing = (params.payment_method_data && params.payment_method_data.billing_details) || {};
    // With the intent made after the form (deferred), its client secret comes with the confirmation.
    var clientSecret = options.clientSecret || elements._clientSecret;
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'A client secret is needed to confirm.' } });
    return element._ask({ type: 'confirm', clientSecret: clientSecret, returnUrl: params.return_url || '', billing: billing }).then(function (result) {
      if (result.redirect) {
        window.location.assign(result.redirect);
        return new Promise(function () {});
      }
      if (result.paymentIntent && options.redirect !== 'if_required' && params.return_url) {
        window.location.assign(withParams(params.return_url, {
          payment_intent: result.paymentIntent.id,
          payment_intent_client_secret: clientSecret,
          redirect_status: 'succeeded'
        }));
        return new Promise(function () {});
      }
      return result;
    });
  };
  StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = String(clientSecret).split('_secret_')[0];
    var query = new URLSearchParams({ key: this._pk, client_secret: clientSecret });
    return fetch(ORIGIN + '/v1/payment_intents/' + id + '?' + query.toString())
      .then(function (res) { return res.json(); })
      .then(function (body) { return body.error ? { error: body.error } : { paymentIntent: body }; });
  };

  window.Stripe = function (pk) {
    if (!/^pk_(test|live)_/.test(String(pk))) throw new Error('Invalid publishable key: ' + pk);
    return new StripeInstance(pk);
  };
  window.Stripe.version = 3;
})();
`;
}

const FRAME_STYLE = `
  :root{color-scheme:dark}
  *{box-sizing:border-box}
  body{margin:0;font:15px system-ui,sans-serif;color:#e5e7eb;background:transparent}
  label{display:block;font-size:13px;margin-bottom:10px;color:#cbd5e1}
  input{display:block;width:100%;margin-top:4px;padding:11px 12px;font-size:16px;border-radius:10px;border:1px solid #475569;background:#0f172a;color:#f8fafc}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:10px}
  #err{color:#fca5a5;font-size:13px;min-height:18px;margin:0}`;

/** The frame's messages to the page: whether the form is complete, and how a confirmation ended. */
const FRAME_COMMON = `
  var q = new URLSearchParams(location.search);
  var ID = q.get('id'), PK = q.get('pk'), CS = q.get('cs'), PARENT = q.get('parent');
  function post(message) { message.fs = 'fake-stripe'; message.id = ID; parent.postMessage(message, PARENT); }
  function confirmWith(clientSecret, card, billing, returnUrl) {
    var cs = clientSecret || CS;
    var body = new URLSearchParams();
    body.set('key', PK);
    body.set('client_secret', cs);
    body.set('payment_method_data[type]', 'card');
    Object.keys(card).forEach(function (k) { body.set('payment_method_data[card][' + k + ']', card[k]); });
    Object.keys(billing || {}).forEach(function (k) {
      if (typeof billing[k] === 'string') body.set('payment_method_data[billing_details][' + k + ']', billing[k]);
    });
    body.set('return_url', returnUrl);
    return fetch('/v1/payment_intents/' + cs.split('_secret_')[0] + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString()
    })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (answer) {
        var j = answer.json;
        if (!answer.ok) {
          var e = j.error || {};
          var pi = e.payment_intent;
          return { error: { type: e.type, code: e.code, decline_code: e.decline_code, message: e.message,
            payment_intent: pi ? { id: pi.id, status: pi.status } : undefined } };
        }
        if (j.status === 'requires_action' && j.next_action && j.next_action.redirect_to_url)
          return { redirect: j.next_action.redirect_to_url.url };
        return { paymentIntent: { id: j.id, object: 'payment_intent', status: j.status, amount: j.amount, currency: j.currency } };
      })
      .catch(function () { return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } }; });
  }`;

function paymentFrame(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title><style>${FRAME_STYLE}</style></head><body>
<form id="f" novalidate onsubmit="return false">
  <label>Card number<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"></label>
  <div class="row">
    <label>Expiration date<input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"></label>
    <label>Security code<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></label>
  </div>
  <p id="err" role="alert"></p>
</form>
<script>
  ${FRAME_COMMON}
  var number = document.getElementById('number'), expiry = document.getElementById('expiry'), cvc = document.getElementById('cvc'), err = document.getElementById('err');
  function digits(v) { return v.replace(/\\D/g, ''); }
  function luhn(d) { var s = 0; for (var i = 0; i < d.length; i++) { var n = +d[d.length - 1 - i]; if (i % 2) { n *= 2; if (n > 9) n -= 9; } s += n; } return s % 10 === 0; }
  function problem() {
    var n = digits(number.value), e = digits(expiry.value), c = digits(cvc.value);
    if (n.length < 13) return 'Your card number is incomplete.';
    if (!luhn(n)) return 'Your card number is invalid.';
    if (e.length !== 4) return "Your card's expiration date is incomplete.";
    var month = +e.slice(0, 2), year = 2000 + +e.slice(2), now = new Date();
    if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return "Your card's expiration year is in the past.";
    if (c.length < 3) return "Your card's security code is incomplete.";
    return null;
  }
  [number, expiry, cvc].forEach(function (input) {
    input.addEventListener('input', function () {
      err.textContent = '';
      post({ type: 'change', complete: !problem(), empty: !number.value && !expiry.value && !cvc.value });
    });
  });
  window.addEventListener('message', function (event) {
    var d = event.data;
    if (event.origin !== PARENT || !d || d.fs !== 'fake-stripe') return;
    var found = problem();
    if (d.type === 'submit') {
      err.textContent = found || '';
      post({ ask: d.ask, result: found ? { error: { type: 'validation_error', message: found } } : {} });
    }
    if (d.type === 'confirm') {
      if (found) { err.textContent = found; post({ ask: d.ask, result: { error: { type: 'validation_error', message: found } } }); return; }
      var e = digits(expiry.value);
      confirmWith(d.clientSecret, { number: digits(number.value), exp_month: String(+e.slice(0, 2)), exp_year: String(2000 + +e.slice(2)), cvc: digits(cvc.value) }, d.billing, d.returnUrl)
        .then(function (result) {
          if (result.error && result.error.type === 'card_error') err.textContent = result.error.message;
          post({ ask: d.ask, result: result });
        });
    }
  });
  post({ type: 'ready' });
</script></body></html>`;
}

function expressFrame(wallet: string): string {
  const label = wallet === 'google_pay' ? 'Google Pay' : 'Pay';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${label}</title><style>
  body{margin:0}button{width:100%;height:48px;border:0;border-radius:24px;background:#000;color:#fff;font:600 16px system-ui,sans-serif;cursor:pointer}
</style></head><body>
<button id="pay" type="button" aria-label="${label}">${label}</button>
<script>
  ${FRAME_COMMON}
  document.getElementById('pay').addEventListener('click', function () { post({ type: 'click', wallet: ${JSON.stringify(wallet)} }); });
  window.addEventListener('message', function (event) {
    var d = event.data;
    if (event.origin !== PARENT || !d || d.fs !== 'fake-stripe' || d.type !== 'confirm') return;
    confirmWith(d.clientSecret, { number: ${JSON.stringify(WALLET_CARD)}, exp_month: '12', exp_year: '2034', cvc: '123' }, d.billing, d.returnUrl)
      .then(function (result) { post({ ask: d.ask, result: result }); });
  });
  post({ type: 'ready' });
</script></body></html>`;
}

function challengePage(intentId: string, returnUrl: string): string {
  const action = `/authenticate/${encodeURIComponent(intentId)}?return_url=${encodeURIComponent(returnUrl)}`;
  return `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3D Secure test page</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1 style="font-size:20px">3D Secure 2 test page</h1><p>Complete or fail this test payment's authentication.</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="action" value="complete"><button style="width:100%;padding:12px;font-size:16px">Complete</button></form>
<form method="post" action="${esc(action)}" style="margin-top:12px"><input type="hidden" name="action" value="fail"><button style="width:100%;padding:12px;font-size:16px">Fail</button></form></body></html>`;
}

/** The stand-in's pages besides its API. */
export const STRIPE_JS_PAGES: {
  method: string;
  path: RegExp;
  answer: (ctx: PageContext) => PageAnswer;
}[] = [
  {
    method: 'GET',
    path: /^\/v3\/?$/,
    answer: ({ origin }) => ({ status: 200, type: 'application/javascript; charset=utf-8', body: stripeJs(origin) }),
  },
  {
    method: 'GET',
    path: /^\/v3\/wallets$/,
    answer: ({ wallets }) => ({
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ wallets: wallets ? ['google_pay'] : [] }),
    }),
  },
  { method: 'GET', path: /^\/elements\/payment$/, answer: () => html(paymentFrame()) },
  {
    method: 'GET',
    path: /^\/elements\/express$/,
    answer: ({ url }) => html(expressFrame(url.searchParams.get('wallet') ?? 'google_pay')),
  },
  {
    method: 'GET',
    path: /^\/authenticate\/pi_[a-f0-9]+$/,
    answer: ({ url }) => html(challengePage(url.pathname.split('/')[2]!, url.searchParams.get('return_url') ?? '')),
  },
  {
    method: 'POST',
    path: /^\/authenticate\/pi_[a-f0-9]+$/,
    answer: ({ url, body, authenticate }) => {
      const intentId = url.pathname.split('/')[2]!;
      const success = body.action === 'complete';
      const intent = authenticate(intentId, success);
      const back = url.searchParams.get('return_url');
      if (!intent || !back) return html('<!doctype html><title>3D Secure</title><p>This check is over.</p>');
      const to = new URL(back);
      to.searchParams.set('payment_intent', intentId);
      to.searchParams.set('payment_intent_client_secret', String(intent.client_secret ?? ''));
      to.searchParams.set('redirect_status', success ? 'succeeded' : 'failed');
      return { status: 303, type: 'text/plain', body: '', location: to.toString() };
    },
  },
];
