import type { ApiError } from './api-error';
import { REQUEST_TIMEOUT_MS, searchOf, type QueryParams, type WireEnvelope } from './envelope';
import { envelopeError, readEnvelope, send, transportError, type TransportFailure } from './transport';
import type { ApiArgs, ApiData, ApiInit, ApiMethod, ApiPath, paths } from './types';

// The envelope protocol (specification §7–8) as a client with hooks: the console's, and any app's
// whose first load is not counted to the byte. A small fetch wrapper of our own rather than
// openapi-fetch, which adds about 2 kB gzip and still needs the envelope unwrapped; the typing comes
// from the generated `paths` all the same. The viewer app builds its leaner wrapper from the same
// pieces (envelope.ts, transport.ts) and types (types.ts): the hooks cost its first load about 270 bytes gzip.

export interface ApiClientOptions {
  /** The headers of each call (default: `Accept: application/json`). */
  headers?: () => Headers;
  /** Adds to the query string of a GET or DELETE (the viewer adds its click ids). */
  query?: (search: URLSearchParams) => void;
  /** Adds to a JSON body (the viewer adds its click ids). */
  body?: (body: Record<string, unknown>) => void;
  /** Something each call waits for before it goes out (the viewer's link-token exchange). */
  before?: () => Promise<unknown> | undefined;
  /** An answer to this GET already on its way, used instead of a new request. */
  early?: (url: string) => Promise<Response | null> | null;
  /** Sees each answer that came back (the viewer keeps a session token it issued). */
  received?: (response: Response) => void;
  /** The message of a failure without a readable envelope. */
  networkMessage: () => string;
  /** Reports a failure without a readable envelope (network, timeout, HTTP error). */
  failed: (error: ApiError, url: string) => void;
  /**
   * Sees an envelope other than 200; resolving true sends the same call again (the console, once the
   * operator confirmed the password).
   */
  refused?: (error: ApiError, path: string) => boolean | Promise<boolean>;
  timeoutMs?: number;
}

type Method = 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
interface AnyInit {
  path?: Record<string, string | number>;
  query?: QueryParams | object;
  body?: object;
  signal?: AbortSignal | undefined;
}

/** `/api/admin/users/{id}` with `{ id: 'u1' }` -> `/api/admin/users/u1`. */
function fill(path: string, values: AnyInit['path']): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values?.[name])));
}

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  /** The address of a call: path values filled in, then the query (and what `options.query` adds). */
  function url(path: string, init: AnyInit = {}): string {
    const filled = fill(path, init.path);
    const search = searchOf(init.query as QueryParams | undefined);
    options.query?.(search);
    const query = search.toString();
    return query ? `${filled}?${query}` : filled;
  }

  function fail(target: string, status: number, kind: TransportFailure, envelope?: WireEnvelope): ApiError {
    const error = transportError(status, kind, envelope, options.networkMessage());
    options.failed(error, target);
    return error;
  }

  async function request(method: Method, path: string, init: AnyInit = {}): Promise<unknown> {
    const waiting = options.before?.();
    if (waiting) await waiting;
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const target = hasBody ? fill(path, init.path) : url(path, init);
    const headers = options.headers?.() ?? new Headers({ Accept: 'application/json' });
    // A file (a cover picture) travels as itself, typed by its own content type.
    const file = init.body instanceof Blob ? init.body : null;
    if (hasBody) headers.set('Content-Type', file ? file.type || 'application/octet-stream' : 'application/json');
    let body: BodyInit | undefined;
    if (hasBody && file) body = file;
    else if (hasBody) {
      const json: Record<string, unknown> = { ...init.body };
      options.body?.(json);
      body = JSON.stringify(json);
    }

    const early = method === 'GET' ? options.early?.(target) : null;
    const response = await send(target, { method, headers, body }, init.signal, early, timeoutMs);
    if (typeof response === 'string') throw fail(target, 0, response);
    options.received?.(response);

    const envelope = await readEnvelope(response);
    if (!response.ok || !envelope) throw fail(target, response.status, 'http', envelope);
    if (envelope.code === 200) return envelope.data ?? envelope.info;

    const error = envelopeError(envelope, response.status);
    if (await options.refused?.(error, path)) return request(method, path, init);
    throw error;
  }

  const call =
    <M extends ApiMethod>(method: Method) =>
    <P extends ApiPath<M>>(path: P, ...[init]: ApiArgs<P, M>): Promise<ApiData<P, M>> =>
      request(method, path, init as AnyInit) as Promise<ApiData<P, M>>;

  return {
    get: call<'get'>('GET'),
    del: call<'delete'>('DELETE'),
    post: call<'post'>('POST'),
    put: call<'put'>('PUT'),
    patch: call<'patch'>('PATCH'),
    /** Sends a file as the body of a PUT. */
    upload: <P extends ApiPath<'put'>>(
      path: P,
      file: Blob,
      init?: Omit<ApiInit<P, 'put'>, 'body'>,
    ): Promise<ApiData<P, 'put'>> =>
      request('PUT', path, { ...(init as AnyInit), body: file }) as Promise<ApiData<P, 'put'>>,
    url: <P extends keyof paths>(path: P, init?: ApiInit<P, 'get'>) => url(path, init as AnyInit),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
