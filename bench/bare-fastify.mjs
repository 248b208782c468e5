// The baseline: a bare Fastify route answering a small JSON envelope, no database, no plugins; and,
// when BARE_BODY_FILE names a file, the same route answering that file's bytes as JSON (what a bare
// route costs to send as much as the answer compared with it).
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ code: 200, message: 'ok', data: { list: [] } }));
const body = process.env.BARE_BODY_FILE ? fs.readFileSync(process.env.BARE_BODY_FILE) : null;
if (body) app.get('/bare-body', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
