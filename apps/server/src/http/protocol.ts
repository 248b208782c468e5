import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopeCode } from '@episodic/contract';
import { AppError, TooManyRequests, fieldProblem, invalidInput, type FieldProblem } from './errors';
import { envelopeCodeOf, sendErrorEnvelope } from './envelope';
import { fieldErrorsFrom } from './validation';
import { readRequestContext } from './request-context';
import { resolveAuth, resolveOperator, type OperatorResolver, type SessionResolver } from './auth';
import { isUnder, routePath } from './route-path';

export interface ProtocolOptions {
  isDatabaseUnavailable: (err: unknown) => boolean;
  /** Receives every crash (error reporting, when configured). */
  reportError?: (err: unknown, context: Record<string, unknown>) => void;
  /** Whether the server is shutting down: each answer then closes its connection. */
  closing?: () => boolean;
}

const OUT_OF_RANGE = fieldProblem('out_of_range', 'This number is out of range.');
const NUL_CHARACTER = fieldProblem('not_allowed_characters', 'This contains a character that is not allowed.');

/**
 * The first value a database cannot take in a parsed request part: a number that is not finite, or
 * a string with a NUL character (PostgreSQL text refuses it). Null when there is none.
 */
function unstorablePath(value: unknown, path: string, depth = 0): { path: string; problem: FieldProblem } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, problem: OUT_OF_RANGE };
  if (typeof value === 'string') return value.includes('\u0000') ? { path, problem: NUL_CHARACTER } : null;
  if (!value || typeof value !== 'object' || depth > 6) return null;
  // for…in over own keys: no entries array per request part (most are empty), and JSON.parse and
  // the query parser make plain objects.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found =
      unstorablePath((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1) ??
      (key.includes('\u0000') ? { path, problem: NUL_CHARACTER } : null);
    if (found) return found;
  }
  return null;
}

/** Query parameters that carry credentials: reset links' tokens, OAuth codes and states, link signatures. */
const SECRET_PARAM = /^(s|sig|state|code)$|token|secret|password|signature/i;

/** The request's address as logged: the values of credential-carrying query parameters are left out. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const raw = pair.slice(0, eq);
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // Not valid percent-encoding: judged as sent.
      }
      return SECRET_PARAM.test(name) || SECRET_PARAM.test(raw) ? `${raw}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
/** Whether a logger set to `configured` writes a `level` line (an unknown level writes, to be safe). */
const logs = (configured: string | undefined, level: 'info' | 'error') =>
  configured === 'silent' ? false : (LEVEL_VALUES[configured ?? ''] ?? 0) <= LEVEL_VALUES[level]!;

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const CRASHED = 'Something went wrong on our side. Please try again.';

/**
 * The API protocol of ARCHITECTURE §4: request context, envelopes for every outcome, envelope
 * codes in the logs, no stack traces to clients, and no caching of API answers unless a route asks.
 */
export function registerProtocol(app: FastifyInstance, opts: ProtocolOptions): void {
  app.decorateRequest('ctx', null as never);

  // The hooks below run on every request: they take callbacks, not promises, since each async hook
  // costs the hot reads (a cached GET /api/user, a prebuilt homepage) a promise and a microtask turn.

  // preValidation: the body is parsed by then, and the context is read before any schema reshapes it.
  app.addHook('preValidation', (req, _reply, done) => {
    // A call without a body is a call with an empty one: its fields get field errors, not a 400.
    if (req.body === undefined && req.method !== 'GET' && req.method !== 'HEAD') req.body = {};
    req.ctx = readRequestContext(req);
    done();
  });

  // "1e309" passes schema coercion as Infinity (JSON.parse reads it so too), and a NUL character
  // passes any string schema: neither goes further than here.
  app.addHook('preHandler', (req, _reply, done) => {
    const found =
      unstorablePath(req.params, 'params') ?? unstorablePath(req.query, 'query') ?? unstorablePath(req.body, 'body');
    if (found)
      return done(invalidInput({ [found.path.replace(/^(params|query|body)\.?/, '') || 'request']: found.problem }));
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const code = envelopeCodeOf(payload);
    if (code !== undefined) {
      (reply as unknown as { envelopeCode?: number }).envelopeCode = code;
      if (code !== 200) reply.header('cache-control', 'no-store');
    }
    // Judged on the route matched, not the address's spelling: `/%61pi/user` is `/api/user` too.
    if (!reply.hasHeader('cache-control') && isUnder(routePath(req), '/api')) reply.header('cache-control', 'no-store');
    if (opts.closing?.()) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onResponse', (req, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    // Below the configured level the line is not built at all (its URL redaction included).
    if (logs(req.log.level, level)) {
      const envelopeCode = (reply as unknown as { envelopeCode?: number }).envelopeCode;
      req.log[level](
        {
          method: req.method,
          url: loggableUrl(req.url),
          statusCode: reply.statusCode,
          envelopeCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
      return sendErrorEnvelope(reply, err.httpStatus, err.code, err.reason, err.message, err);
    }
    if (err.validation) {
      const invalid = invalidInput(fieldErrorsFrom(err.validation));
      return sendErrorEnvelope(reply, 200, invalid.code, invalid.reason, invalid.message, invalid);
    }
    if (opts.isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendErrorEnvelope(reply, 503, EnvelopeCode.unavailable, 'unavailable', UNAVAILABLE);
    }
    if (isVanishedUser(err)) {
      // The caller's user was deleted after their session was read: a guest merged into an account
      // by a sign-in elsewhere, or an account deleted. Their next step is to sign in again.
      return sendErrorEnvelope(
        reply,
        200,
        EnvelopeCode.loginRequired,
        'session_ended',
        'Your session has ended. Please sign in again.',
      );
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendErrorEnvelope(
          reply,
          400,
          EnvelopeCode.badRequest,
          'invalid_json',
          'The request body is not valid JSON.',
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendErrorEnvelope(
          reply,
          413,
          EnvelopeCode.payloadTooLarge,
          'payload_too_large',
          'The request is too large.',
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendErrorEnvelope(reply, 415, 415, 'unsupported_media_type', 'This content type is not supported.');
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return status === 429
        ? sendErrorEnvelope(
            reply,
            status,
            status,
            'too_many_requests',
            'Too many requests. Please wait a moment and try again.',
          )
        : sendErrorEnvelope(reply, status, status, 'bad_request', 'The request could not be understood.');
    }
    req.log.error({ err }, 'unhandled error');
    opts.reportError?.(err, { requestId: req.id, method: req.method, route: req.routeOptions.url ?? null });
    return sendErrorEnvelope(reply, 500, EnvelopeCode.userError, 'server_error', CRASHED);
  });
}

/**
 * Who is calling: `req.auth()` (the viewer's session, cookie first, then header) and `req.operator()`
 * (the console's session), each resolved on first use. Installed by the module that owns sessions.
 */
export function registerCallers(
  app: FastifyInstance,
  opts: { resolveSession: SessionResolver; resolveOperator: OperatorResolver },
): void {
  app.decorateRequest('authPromise', undefined);
  app.decorateRequest('auth', function (this: FastifyRequest) {
    return resolveAuth(this, opts.resolveSession);
  });
  app.decorateRequest('operatorPromise', undefined);
  app.decorateRequest('operator', function (this: FastifyRequest) {
    return resolveOperator(this, opts.resolveOperator);
  });
}

/** A write that named a user who no longer exists (a foreign key to users, violated). */
function isVanishedUser(err: unknown): boolean {
  const e = err as { code?: unknown; detail?: unknown; constraint?: unknown };
  return e.code === '23503' && typeof e.detail === 'string' && e.detail.includes('is not present in table "users"');
}

/** Unknown API paths answer 404 with an envelope. */
export function sendApiNotFound(reply: FastifyReply) {
  return sendErrorEnvelope(reply, 404, EnvelopeCode.notFound, 'unknown_api', 'There is no such API call.');
}
