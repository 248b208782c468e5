// The baseline: a bare Fastify route answering a small JSON envelope, no database, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ code: 200, message: 'ok', data: { list: [] } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
