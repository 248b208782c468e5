import type { FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { BeaconQuerySchema, EmptySchema, EnvelopeOf, ReportInputSchema, type ReportInput } from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import type { RateLimiter } from '../../cache/rate-limiter';
import { addressKey } from '../../http/client-address';
import { ok } from '../../http/envelope';
import { TooManyRequests, invalidInput } from '../../http/errors';
import { fieldErrorsFrom } from '../../http/validation';
import { readReport } from './report-event';
import type { Reporter, TrackingService } from './tracking.service';

/** A transparent 1×1 PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const REPORT_LIMIT = { limit: 600, windowSeconds: 60 };
const FBP = /^fb\.\d\.\d{10,16}\.\d{1,30}$/;
const TTP = /^[\w.-]{10,100}$/;
const TOKEN = /^[\w.\-~:=+/]{1,512}$/;

function cookie(req: FastifyRequest, name: string, pattern: RegExp): string | null {
  const value = req.cookies?.[name];
  return typeof value === 'string' && pattern.test(value) ? value : null;
}

async function reporter(req: FastifyRequest, input: Pick<ReportInput, 'referer_token'>): Promise<Reporter> {
  const auth = await req.auth();
  const bodyToken = input.referer_token?.trim();
  return {
    userId: auth?.userId ?? null,
    refererToken: req.ctx.refererToken ?? (bodyToken && TOKEN.test(bodyToken) ? bodyToken : null),
    fbclid: req.ctx.fbclid,
    ttclid: req.ctx.ttclid,
    fbp: cookie(req, '_fbp', FBP),
    ttp: cookie(req, '_ttp', TTP),
    userAgent: req.ctx.userAgent,
    ip: req.ctx.ip,
  };
}

/** Tracking: event reports (`GET`, and `POST` for `sendBeacon`) and the image beacon. */
export function registerTrackingRoutes(app: AppInstance, tracking: TrackingService, limiter: RateLimiter): void {
  const report = async (req: FastifyRequest, input: ReportInput) => {
    const wait = await limiter.hit(`reports:ip:${addressKey(req.ctx.ip)}`, REPORT_LIMIT);
    if (wait > 0) throw new TooManyRequests(`Too many events. Please wait ${String(wait)} seconds.`, wait);
    const event = readReport(input, new Date(), req.headers.referer);
    if ('fields' in event) throw invalidInput(event.fields);
    await tracking.record(event, 'report', await reporter(req, input));
    return ok({});
  };
  const schema = { tags: ['tracking'], response: { 200: EnvelopeOf(EmptySchema) } };

  app.get(
    '/api/reports',
    {
      schema: {
        ...schema,
        summary: 'Record a tracking event (specification §3 fields as query parameters)',
        querystring: ReportInputSchema,
      },
    },
    (req) => report(req, req.query),
  );
  // `navigator.sendBeacon` with a string sends it as text/plain: the same JSON, taken in that type
  // too. Such a request is a form type another site could send, so with cookies it must say it
  // comes from this site (http/csrf); recording an event changes nothing of the viewer's.
  void app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, body, done) =>
      app.getDefaultJsonParser('error', 'error')(req, String(body), done),
    );
    scope.post(
      '/api/reports',
      {
        config: { bodyTypes: ['text/plain'] },
        schema: {
          ...schema,
          summary: 'Record a tracking event sent as JSON (fetch with keepalive, or sendBeacon, also as text/plain)',
          body: ReportInputSchema,
        },
      },
      (req) => report(req, req.body as ReportInput),
    );
  });

  // An image: whatever it is asked, it answers the picture (a broken image helps nobody); only a
  // well-formed event within the rate limit is recorded.
  app.get(
    '/api/statics.png',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Image beacon: records the event in its query parameters and answers a 1×1 PNG',
        querystring: BeaconQuerySchema,
      },
    },
    async (req, reply) => {
      const query = { event_name: 'PageView', ...(req.query as Record<string, unknown>) };
      const input = Value.Convert(ReportInputSchema, query);
      if (Value.Check(ReportInputSchema, input)) {
        const event = readReport(input, new Date(), req.headers.referer);
        const wait = await limiter.hit(`reports:ip:${addressKey(req.ctx.ip)}`, REPORT_LIMIT);
        if (!('fields' in event) && wait === 0) await tracking.record(event, 'beacon', await reporter(req, input));
      } else {
        req.log.debug({ fields: fieldErrorsFrom([...Value.Errors(ReportInputSchema, input)]) }, 'beacon not recorded');
      }
      return reply.header('cache-control', 'no-store, private').type('image/png').send(PIXEL_PNG);
    },
  );
}
