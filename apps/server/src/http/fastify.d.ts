import type { RequestContext } from './request-context';
import type { AuthUser, OperatorAuth } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    authPromise: Promise<AuthUser | null> | undefined;
    /** The request's session, resolved on first use. */
    auth(): Promise<AuthUser | null>;
    operatorPromise: Promise<OperatorAuth | null> | undefined;
    /** The request's operator (console) session, from the operator cookie only; resolved on first use. */
    operator(): Promise<OperatorAuth | null>;
  }
}
