import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Reason } from '@episodic/contract';

/** What a request Node could not even parse gets: status, reason, message. */
function answerFor(err: NodeJS.ErrnoException): [status: number, reason: Reason, message: string] {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return [431, 'headers_too_large', 'The request headers or address are too large.'];
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout', 'The request took too long to arrive.'];
  return [400, 'bad_request', 'The request could not be read.'];
}

/**
 * Requests refused before Fastify sees them (an address or headers over Node's size limit, a request
 * that never finished arriving, broken HTTP) answer with an error envelope like every other refusal,
 * instead of the framework's own JSON. The connection closes after it, as Node's own answer does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection, or one already gone: there is nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = answerFor(err);
  // Only the code: Node puts the raw request head (cookies, tokens) on the error.
  this.log.debug({ code: err.code, reason }, 'unreadable request');
  if (socket.writable) {
    const body = JSON.stringify({ code: status, message, data: null, reason });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
