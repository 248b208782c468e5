// Machine-readable causes of failures, which the apps translate; the English `message` beside them is
// for logs, the console and any client that does not know a code. No schema code here: the apps import
// this module on its own (`@episodic/contract/reasons`).

/** The `reason` of every failure envelope. */
export const REASONS = [
  // 400, 408, 413, 415, 431: the request itself
  'bad_request',
  'invalid_address',
  'headers_too_large',
  'request_timeout',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_signature',
  'malformed_event',
  // 401: who is asking
  'login_required',
  'console_login_required',
  'session_ended',
  'bad_credentials',
  'reauth_required',
  // 402: paying or unlocking comes first
  'payment_required',
  'not_enough_coins',
  // 403
  'forbidden',
  'no_operator_access',
  'cross_site_request',
  'email_not_verified',
  // 404
  'not_found',
  'unknown_api',
  'series_unavailable',
  'episode_unavailable',
  'list_unavailable',
  'plan_unavailable',
  'order_not_found',
  'upload_missing',
  'stripe_not_offered',
  // 409
  'conflict',
  'email_taken',
  'email_has_purchases',
  'email_has_account',
  'price_changed',
  'order_closed',
  'payment_in_progress',
  'changed_meanwhile',
  'already_used',
  'not_allowed_now',
  'id_taken',
  'refund_not_possible',
  'refund_under_way',
  'upload_incomplete',
  'upload_mismatch',
  'episode_not_ready',
  'no_saved_card',
  'request_reused',
  // 410
  'link_expired',
  // 422
  'invalid_input',
  'paypal_not_offered',
  'card_fields_refused',
  // 429
  'too_many_requests',
  'too_many_attempts',
  'too_many_orders',
  // 500, 503
  'server_error',
  'payment_service_unavailable',
  'paypal_unavailable',
  'refund_failed',
  'unavailable',
] as const;
export type Reason = (typeof REASONS)[number];

/** Why a payment failed (a payment result's `reasonCode`, an order's `failureCode`). */
export const PAYMENT_FAILURES = [
  'card_declined',
  'insufficient_funds',
  'card_expired',
  'incorrect_cvc',
  'authentication_failed',
  'saved_card_unavailable',
  'not_test_card',
  'paypal_unavailable',
  'payment_failed',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** The code of one field error (`fieldCodes`, beside the English `fields`). */
export const FIELD_CODES = [
  // Any field (schema validation and common rules)
  'required',
  'wrong_type',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  'out_of_range',
  'invalid_format',
  'not_allowed_characters',
  'not_allowed_value',
  'unknown_field',
  'invalid',
  'listed_twice',
  'no_longer_exists',
  'cannot_change',
  // Accounts and contact
  'email_required',
  'email_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_letter_and_number',
  'repeat_required',
  'password_mismatch',
  'terms_required',
  'current_password_wrong',
  'password_wrong',
  'subject_required',
  'message_required',
  // Payment
  'agree_required',
  'card_required',
  'card_number_required',
  'card_number_invalid',
  'expiry_required',
  'expiry_format',
  'card_expired',
  'cvv_required',
  'cvv_length',
  'first_name_required',
  'last_name_required',
  'payment_method_unavailable',
  'card_fields_refused',
  'target_required',
  // Console forms
  'reason_required',
  'english_required',
  'title_required',
  'id_invalid',
  'date_range_invalid',
  'file_unreadable',
  'currency_invalid',
  'color_invalid',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];
export type FieldCodes = Record<string, FieldCode>;

/** The reason a failure envelope carries when its thrower names none, by envelope code. */
export const DEFAULT_REASONS: Readonly<Record<number, Reason>> = {
  400: 'bad_request',
  401: 'login_required',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'link_expired',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_input',
  429: 'too_many_requests',
  500: 'server_error',
  503: 'unavailable',
};
