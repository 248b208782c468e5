import type { FieldErrors } from '@episodic/contract';
import type { Reason } from '@episodic/contract/reasons';
import { askForPassword } from './reauth';
import { toast } from './toast';

/**
 * The console's API client: the same envelope rules as the viewer app (specification §7–8), without
 * the viewer's click-id and tracking concerns. Apps never import each other, hence the copy.
 *
 * The console's session is an HttpOnly cookie of its own that the browser sends to /api/admin: this
 * client never sees, stores or sends a token (no `localStorage`, no `X-User-Token`), so no script on
 * the page, the viewer app's pixels included, can read or replay the operator's session.
 */

const TIMEOUT_MS = 100_000;
const NETWORK_MESSAGE = 'Network error, please try again';
/** Where the operator confirms the password again; its own refusals are answered by the prompt. */
export const REAUTH_PATH = '/api/admin/session/password';
/** The `reason` of the server's "enter your password again" answer (one of the contract's reason codes). */
const REAUTH_REQUIRED: Reason = 'reauth_required';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Envelope code, or the HTTP status when there was no envelope (0 when nothing came back). */
  readonly code: number;
  readonly status: number;
  readonly fields: FieldErrors | undefined;

  constructor(code: number, status: number, message: string, fields?: FieldErrors) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

interface WireEnvelope {
  code: number;
  message?: unknown;
  data?: unknown;
  info?: unknown;
  fields?: unknown;
  reason?: unknown;
}

function asEnvelope(value: unknown): WireEnvelope | undefined {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
    ? (value as WireEnvelope)
    : undefined;
}

function fieldsOf(envelope: WireEnvelope): FieldErrors | undefined {
  if (typeof envelope.fields !== 'object' || envelope.fields === null) return undefined;
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(envelope.fields)) if (typeof text === 'string') out[name] = text;
  return out;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object, signal?: AbortSignal): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const hasBody = method !== 'GET' && method !== 'DELETE';
  // A file (a cover picture) travels as itself, typed by its own content type.
  const file = body instanceof Blob ? body : null;
  if (hasBody) headers.set('Content-Type', file ? file.type || 'application/octet-stream' : 'application/json');

  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, TIMEOUT_MS);
  const forward = () => {
    controller.abort();
  };
  signal?.addEventListener('abort', forward, { once: true });

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: hasBody ? (file ?? JSON.stringify(body ?? {})) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    toast(NETWORK_MESSAGE);
    throw new ApiError(0, 0, NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const envelope = asEnvelope(payload);
  const message = typeof envelope?.message === 'string' ? envelope.message : '';

  if (!response.ok || !envelope) {
    toast(message || NETWORK_MESSAGE);
    throw new ApiError(envelope?.code ?? response.status, response.status, message || NETWORK_MESSAGE);
  }
  if (envelope.code === 200) return (envelope.data ?? envelope.info) as T;
  // Refunds, grants and role changes want the password entered recently: ask for it, then send the
  // same request again. The form that sent it stays open meanwhile, with everything typed in it.
  if (envelope.code === 401 && envelope.reason === REAUTH_REQUIRED && path !== REAUTH_PATH) {
    if (await askForPassword()) return request<T>(method, path, body, signal);
    throw new ApiError(401, response.status, 'Enter your password to finish this action.');
  }
  if (envelope.code === 500) toast(message || 'Something went wrong, please try again');
  throw new ApiError(envelope.code, response.status, message, fieldsOf(envelope));
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: object) => request<T>('POST', path, body),
  put: <T>(path: string, body?: object) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: object) => request<T>('PATCH', path, body),
  del: <T>(path: string) => request<T>('DELETE', path),
  /** Sends a file as the request body (PUT). */
  upload: <T>(path: string, file: Blob) => request<T>('PUT', path, file),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
