import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The status this request was answered with. */
  status: number;
}

/**
 * Local stand-ins for Meta's Conversions API and TikTok's Events API: they record every request and
 * answer like the real services. `failNext(n)` makes the next n requests fail (HTTP 500), and
 * `answerNext` forces one specific answer.
 */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Requests that were answered as accepted. */
  accepted(): ReceivedRequest[];
  failNext(count: number): void;
  answerNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

async function startReceiver(success: (req: ReceivedRequest) => { status: number; body: unknown }): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let failures = 0;
  const forced: { status: number; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Recorded as an empty body.
      }
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        status: 0,
      };
      let answer: { status: number; body: unknown };
      if (forced.length > 0) answer = forced.shift()!;
      else if (failures > 0) {
        failures -= 1;
        answer = { status: 500, body: { error: { message: 'temporarily unavailable' } } };
      } else answer = success(received);
      received.status = answer.status;
      requests.push(received);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    accepted: () => requests.filter((r) => r.status === 200 && (r.body as { code?: number }).code !== 40001),
    failNext: (count) => {
      failures = count;
    },
    answerNext: (status, body) => {
      forced.push({ status, body });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Answers `POST /{pixel}/events` like the Graph API: `{ events_received }`. */
export function startMetaReceiver(): Promise<Receiver> {
  return startReceiver((req) => {
    const ok =
      req.method === 'POST' &&
      /^\/v\d+\.\d+\/\d+\/events$|^\/\d+\/events$/.test(req.path) &&
      typeof req.body.access_token === 'string';
    return ok
      ? {
          status: 200,
          body: { events_received: (req.body.data as unknown[]).length, messages: [], fbtrace_id: 'test' },
        }
      : { status: 400, body: { error: { message: 'Invalid request', code: 100 } } };
  });
}

/** Answers `POST /event/track/` like TikTok: HTTP 200 with `code: 0`, or another code for a bad token. */
export function startTiktokReceiver(): Promise<Receiver> {
  return startReceiver((req) => {
    if (req.method !== 'POST' || !req.path.endsWith('/event/track/'))
      return { status: 404, body: { code: 40002, message: 'not found' } };
    if (!req.headers['access-token'])
      return { status: 200, body: { code: 40001, message: 'Access token is required' } };
    return { status: 200, body: { code: 0, message: 'OK', request_id: 'test', data: {} } };
  });
}
