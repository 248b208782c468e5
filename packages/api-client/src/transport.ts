import { ApiError } from './api-error';
import { fieldsOf, isEnvelope, messageOf, REQUEST_TIMEOUT_MS, type WireEnvelope } from './envelope';

// One call's transport (specification §7–8), shared by createApiClient and the viewer's own lean wrapper
// (apps/web/src/shared/api/client.ts): the fetch with its timeout and the caller's signal, reading the
// envelope, and the errors of a failed call.

/** How a call failed without an envelope to unwrap. */
export type TransportFailure = 'http' | 'network' | 'timeout';

/**
 * Sends one request. Aborted after `timeoutMs` (resolves 'timeout') or with the caller's signal (rejects with
 * the caller's reason, so a cancelled call reports nothing); resolves 'network' when nothing came back.
 * `early` is an answer to this call already on its way (null, or a null answer: the request is sent).
 */
export async function send(
  target: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  early?: Promise<Response | null> | null,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response | 'network' | 'timeout'> {
  const controller = new AbortController();
  const timeout = new DOMException(`No answer within ${String(timeoutMs)} ms`, 'TimeoutError');
  const timer = setTimeout(() => {
    controller.abort(timeout);
  }, timeoutMs);
  const forwardAbort = () => {
    controller.abort(signal?.reason);
  };
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return (
      (early && (await early)) ||
      (await fetch(target, { ...init, credentials: 'same-origin', signal: controller.signal }))
    );
  } catch (error) {
    const timedOut = controller.signal.reason === timeout;
    if (!timedOut && signal?.aborted) throw error;
    return timedOut ? 'timeout' : 'network';
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The envelope of an answer, or undefined when its body is not one. */
export async function readEnvelope(response: Response): Promise<WireEnvelope | undefined> {
  const payload: unknown = await response.json().catch(() => undefined);
  return isEnvelope(payload) ? payload : undefined;
}

/** The error of a call without a readable envelope; `fallback` is the message when the answer has none. */
export function transportError(
  status: number,
  kind: TransportFailure,
  envelope: WireEnvelope | undefined,
  fallback: string,
): ApiError {
  return new ApiError({
    kind,
    code: envelope?.code ?? status,
    status,
    message: messageOf(envelope) || fallback,
    fields: envelope && fieldsOf(envelope),
  });
}

/** The error of an envelope other than 200: its reason, field codes and retryAfter travel with it as sent. */
export function envelopeError(envelope: WireEnvelope, status: number): ApiError {
  return new ApiError({
    ...envelope,
    kind: 'envelope',
    status,
    message: messageOf(envelope),
    fields: fieldsOf(envelope),
  });
}
