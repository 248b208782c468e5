import {
  envelopeError,
  isEnvelope,
  readEnvelope,
  searchOf,
  send,
  transportError,
  type ApiArgs,
  type ApiData,
  type ApiInit,
  type ApiMethod,
  type ApiPath,
  type ApiError,
  type QueryParams,
  type TransportFailure,
  type WireEnvelope,
} from '@episodic/api-client';
import { ContextHeader, USER_TOKEN_HEADER } from '@episodic/contract/constants';
import { readClickIds } from '../click-ids/capture';
import { currentLanguage, i18n } from '../i18n/i18n';
import { htmlLangFor } from '../i18n/languages';
import { StorageKey, readStored, writeStored } from '../storage';
import { toast } from '../ui/toast-store';

export { ApiError, isApiError, REQUEST_TIMEOUT_MS, type ApiErrorKind, type QueryParams } from '@episodic/api-client';
export { ContextHeader };

// The viewer's wrapper of the envelope protocol, typed by the generated client (@episodic/api-client) and
// built from that package's transport pieces (send, readEnvelope, transportError, envelopeError).
// It does not use that package's createApiClient: its hooks and its path values, files and retries,
// which the viewer never needs, cost the first load about 270 bytes gzip (measured with
// scripts/check-bundle-budget.mjs), more than the home route's budget leaves.

type Method = 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
interface AnyInit {
  query?: object;
  body?: object;
  signal?: AbortSignal | undefined;
}

export interface RequestOptions {
  /** Cancels the call (for example when a query is no longer needed); a cancelled call shows no toast. */
  signal?: AbortSignal | undefined;
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
function buildQueryUrl(path: string, params: object | undefined): string {
  const search = searchOf(params as QueryParams | undefined);
  const clickIds = readClickIds();
  for (const name of ['fbclid', 'ttclid'] as const) {
    if (clickIds[name] && !search.has(name)) search.set(name, clickIds[name]);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Adds the stored click ids to a JSON body without overriding the caller's values. */
function buildBody(body: object | undefined): string {
  const out: Record<string, unknown> = { ...body };
  const clickIds = readClickIds();
  for (const name of ['fbclid', 'ttclid'] as const) {
    if (clickIds[name] && (out[name] === undefined || out[name] === null || out[name] === ''))
      out[name] = clickIds[name];
  }
  return JSON.stringify(out);
}

/** A call that failed without an envelope to unwrap: its address without the query, HTTP status (0: no answer). */
export interface RequestFailure {
  url: string;
  status: number;
  kind: TransportFailure;
}

let failureListener: ((failure: RequestFailure) => void) | undefined;

/** Hears of each call that failed in transport (tracking reports them; set at startup by app code). */
export function onRequestFailure(listener: typeof failureListener): void {
  failureListener = listener;
}

/** `path`: the call's path without its query. */
function failTransport(path: string, status: number, kind: TransportFailure, envelope?: WireEnvelope): ApiError {
  failureListener?.({ url: path, status, kind });
  const error = transportError(status, kind, envelope, i18n.t('errors.network'));
  toast(error.message, 'error');
  return error;
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
export function takeEarlyData<P extends ApiPath<'get'>>(
  path: P,
  init?: ApiInit<P, 'get'>,
): ApiData<P, 'get'> | undefined {
  const url = buildQueryUrl(path, init?.query);
  const early = window.__episodicEarly?.[url];
  if (!early || early.language !== currentLanguage() || !isEnvelope(early.body) || early.body.code !== 200)
    return undefined;
  delete window.__episodicEarly?.[url];
  if (early.token) writeStored(StorageKey.userToken, early.token);
  return (early.body.data ?? early.body.info) as ApiData<P, 'get'>;
}

let exchanging: Promise<unknown> | undefined;

/**
 * Trades a session token that came in the address (stored as the specification asks) for the visitor's
 * own session before any other call goes out: the server revokes the link's token, so whoever made the
 * link sees nothing of what the visitor does next. Failing that, the stored link token is dropped.
 */
export function exchangeLinkToken(token: string | null): void {
  if (token)
    exchanging = request('POST', '/api/user/session/exchange', { body: { token } }).catch(() =>
      writeStored(StorageKey.userToken, ''),
    );
}

/** Makes one API call and unwraps its envelope (specification §7–8). */
async function request(method: Method, path: string, init: AnyInit = {}): Promise<unknown> {
  if (exchanging) await exchanging;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const url = hasBody ? path : buildQueryUrl(path, init.query);
  const headers = contextHeaders();
  if (hasBody) headers.set('Content-Type', 'application/json');

  const early = method === 'GET' ? earlyResponse(url) : null;
  const body = hasBody ? buildBody(init.body) : undefined;
  const response = await send(url, { method, headers, body }, init.signal, early);
  if (typeof response === 'string') throw failTransport(path, 0, response);

  const issuedToken = response.headers.get(USER_TOKEN_HEADER);
  if (issuedToken) writeStored(StorageKey.userToken, issuedToken);

  const envelope = await readEnvelope(response);
  if (!response.ok || !envelope) throw failTransport(path, response.status, 'http', envelope);

  if (envelope.code === 200) return envelope.data ?? envelope.info;

  const error = envelopeError(envelope, response.status);
  if (envelope.code === 500) toast(error.message || i18n.t('errors.generic'), 'error');
  throw error;
}

const call =
  <M extends ApiMethod>(method: Method) =>
  <P extends ApiPath<M>>(path: P, ...[init]: ApiArgs<P, M>) =>
    request(method, path, init as AnyInit) as Promise<ApiData<P, M>>;

/** The viewer's typed API: `api.get('/api/video', { query: { id }, signal })`, `api.post(path, { body })`. */
export const api = {
  get: call<'get'>('GET'),
  del: call<'delete'>('DELETE'),
  post: call<'post'>('POST'),
  put: call<'put'>('PUT'),
  patch: call<'patch'>('PATCH'),
};
