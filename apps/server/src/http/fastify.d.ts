import type { RequestContext } from './request-context';
import type { AuthUser } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    authPromise: Promise<AuthUser | null> | undefined;
    /** The request's session, resolved on first use. */
    auth(): Promise<AuthUser | null>;
  }
}
