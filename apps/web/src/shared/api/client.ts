import type { ContextHeader as ContractContextHeader, FieldCodes, FieldErrors, Reason } from '@episodic/contract';
import { track } from '../../features/tracking/track';
import { readClickIds } from '../click-ids/capture';
import { currentLanguage, i18n } from '../i18n/i18n';
import { htmlLangFor } from '../i18n/languages';
import { StorageKey, readStored, writeStored } from '../storage';
import { toast } from '../ui/toast-store';
import { ApiError } from './api-error';

export { ApiError, isApiError, type ApiErrorKind } from './api-error';

/** Request headers of the specification §7, mirrored from the contract (no schema code in the bundle). */
export const ContextHeader = {
  refererToken: 'X-User-Referer-Token',
  userToken: 'x-User-Token',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
} as const satisfies typeof ContractContextHeader;

/** Response header carrying a newly issued session token. */
const USER_TOKEN_RESPONSE_HEADER = 'x-user-token';

export const REQUEST_TIMEOUT_MS = 100_000;

const ENVELOPE_OK = 200;
const ENVELOPE_USER_ERROR = 500;

type Primitive = string | number | boolean;
export type QueryParams = Record<string, Primitive | readonly Primitive[] | null | undefined>;
/** A JSON object body; click ids are merged into it. */
export type JsonBody = object;
type Method = 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';

export interface RequestOptions {
  /** Cancels the call (for example when a query is no longer needed); a cancelled call shows no toast. */
  signal?: AbortSignal | undefined;
}

interface WireEnvelope {
  code: number;
  message?: unknown;
  data?: unknown;
  info?: unknown;
  fields?: unknown;
  fieldCodes?: FieldCodes;
  reason?: Reason;
  retryAfter?: number;
}

function isEnvelope(value: unknown): value is WireEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function messageOf(envelope: WireEnvelope | undefined): string {
  return typeof envelope?.message === 'string' ? envelope.message.trim() : '';
}

function fieldsOf(envelope: WireEnvelope): FieldErrors | undefined {
  const { fields } = envelope;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(fields)) if (typeof text === 'string') out[name] = text;
  return out;
}

/** The headers every call carries (language, referrer token, session token, click ids). */
export function contextHeaders(): Headers {
  // Localised answers (category names, titles) follow the chosen interface language, not the browser's.
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': htmlLangFor(currentLanguage()) });
  const values: [string, string][] = [
    [ContextHeader.refererToken, readStored(StorageKey.refererToken)],
    // The session normally rides in an HttpOnly cookie the server sets. The token header is the server's
    // fallback when cookies are disabled (navigator.cookieEnabled === false), and it is sent whenever a
    // token is stored because a browser can also drop cookies without saying so (in-app browsers, ITP).
    [ContextHeader.userToken, readStored(StorageKey.userToken)],
    [ContextHeader.fbclid, readStored(StorageKey.fbclid)],
    [ContextHeader.ttclid, readStored(StorageKey.ttclid)],
  ];
  for (const [name, value] of values) if (value) headers.set(name, value);
  return headers;
}

/** Adds the stored click ids to the query string without overriding the caller's values. */
function buildQueryUrl(path: string, params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly Primitive[]) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const clickIds = readClickIds();
  for (const name of ['fbclid', 'ttclid'] as const) {
    if (clickIds[name] && !search.has(name)) search.set(name, clickIds[name]);
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Adds the stored click ids to a JSON body without overriding the caller's values. */
function buildBody(body: JsonBody | undefined): string {
  const out: Record<string, unknown> = { ...body };
  const clickIds = readClickIds();
  for (const name of ['fbclid', 'ttclid'] as const) {
    if (clickIds[name] && (out[name] === undefined || out[name] === null || out[name] === '')) out[name] = clickIds[name];
  }
  return JSON.stringify(out);
}

/** `/api/user/favorite` -> `api_user_favorite`: event names must be plain identifiers. */
function eventNameForPath(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path
    .replace(/^\/+|\/+$/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_');
}

function failTransport(url: string, status: number, kind: 'http' | 'network' | 'timeout', envelope?: WireEnvelope): ApiError {
  const path = url.split('?')[0] ?? url;
  track(`http_error_${eventNameForPath(url)}_${String(status)}`, { url: path, status, kind });
  const message = messageOf(envelope) || i18n.t('errors.network');
  toast(message, 'error');
  return new ApiError({
    kind,
    code: envelope ? envelope.code : status,
    status,
    message,
    fields: envelope ? fieldsOf(envelope) : undefined,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

interface EarlyAnswer {
  language: string;
  response: Promise<Response | null>;
  /** The answer's body, once read (a successful HTTP answer only). */
  body?: unknown;
  /** A session token the answer issued. */
  token?: string | null;
}

declare global {
  interface Window {
    /** GETs index.html made while the code loaded, by address: taken over once, in the language they were made in. */
    __episodicEarly?: Record<string, EarlyAnswer | undefined> | undefined;
  }
}

/** The answer to a GET index.html already made for this address in this language (null if it failed), taken once. */
function earlyResponse(url: string): Promise<Response | null> | null {
  const early = window.__episodicEarly?.[url];
  if (!early) return null;
  delete window.__episodicEarly?.[url];
  return early.language === currentLanguage() ? early.response : null;
}

/**
 * The data of a GET index.html already made and read (a successful envelope, in the current language),
 * taken once; undefined when there is none yet. Lets a page draw that answer in its first render.
 */
export function takeEarlyData<T>(path: string, params?: QueryParams): T | undefined {
  const url = buildQueryUrl(path, params);
  const early = window.__episodicEarly?.[url];
  if (!early || early.language !== currentLanguage() || !isEnvelope(early.body) || early.body.code !== ENVELOPE_OK) return undefined;
  delete window.__episodicEarly?.[url];
  if (early.token) writeStored(StorageKey.userToken, early.token);
  return (early.body.data ?? early.body.info) as T;
}

let exchanging: Promise<unknown> | undefined;

/**
 * Trades a session token that came in the address (stored as the specification asks) for the visitor's
 * own session before any other call goes out: the server revokes the link's token, so whoever made the
 * link sees nothing of what the visitor does next. Failing that, the stored link token is dropped.
 */
export function exchangeLinkToken(token: string | null): void {
  if (token)
    exchanging = request('POST', '/api/user/session/exchange', { body: { token } }).catch(() => writeStored(StorageKey.userToken, ''));
}

/** Makes one API call and unwraps its envelope (specification §7–8). */
export async function request<T>(
  method: Method,
  path: string,
  input?: { params?: QueryParams | undefined; body?: JsonBody | undefined },
  options: RequestOptions = {},
): Promise<T> {
  if (exchanging) await exchanging;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const url = hasBody ? path : buildQueryUrl(path, input?.params);
  const headers = contextHeaders();
  if (hasBody) headers.set('Content-Type', 'application/json');

  const controller = new AbortController();
  const timeout = new DOMException(`No answer within ${String(REQUEST_TIMEOUT_MS)} ms`, 'TimeoutError');
  const timer = setTimeout(() => {
    controller.abort(timeout);
  }, REQUEST_TIMEOUT_MS);
  const callerSignal = options.signal;
  const forwardAbort = () => {
    controller.abort(callerSignal?.reason);
  };
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  const early = method === 'GET' ? earlyResponse(url) : null;
  try {
    response = (early && (await early)) || (await fetch(url, {
      method,
      headers,
      body: hasBody ? buildBody(input?.body) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    }));
  } catch (error) {
    const timedOut = controller.signal.reason === timeout;
    if (!timedOut && callerSignal?.aborted) throw error;
    throw failTransport(url, 0, timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }

  const issuedToken = response.headers.get(USER_TOKEN_RESPONSE_HEADER);
  if (issuedToken) writeStored(StorageKey.userToken, issuedToken);

  const payload = await readJson(response);
  const envelope = isEnvelope(payload) ? payload : undefined;
  if (!response.ok || !envelope) throw failTransport(url, response.status, 'http', envelope);

  if (envelope.code === ENVELOPE_OK) return (envelope.data ?? envelope.info) as T;

  const message = messageOf(envelope);
  if (envelope.code === ENVELOPE_USER_ERROR) toast(message || i18n.t('errors.generic'), 'error');
  // The envelope's reason, field codes and retryAfter travel with the error as sent.
  throw new ApiError({ ...envelope, kind: 'envelope', status: response.status, message, fields: fieldsOf(envelope) });
}

export const api = {
  get: <T>(path: string, params?: QueryParams, options?: RequestOptions) => request<T>('GET', path, { params }, options),
  del: <T>(path: string, params?: QueryParams, options?: RequestOptions) => request<T>('DELETE', path, { params }, options),
  post: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('POST', path, { body }, options),
  put: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('PUT', path, { body }, options),
  patch: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('PATCH', path, { body }, options),
};
