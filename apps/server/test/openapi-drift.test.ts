import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATE_COMMAND, renderApiFiles } from '@episodic/api-client/render';
import { createTestApp, type TestApp } from './test-app';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/api-client');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the typed API client', () => {
  it('matches the OpenAPI document the server publishes', async () => {
    const published = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<object>();
    const files = await renderApiFiles(published);
    for (const [name, text] of Object.entries(files)) {
      const committed = await fs.readFile(path.join(clientDir, name), 'utf8').catch(() => '');
      expect(
        committed === text,
        `packages/api-client/${name} is not what the server publishes: run \`${GENERATE_COMMAND}\``,
      ).toBe(true);
    }
  });
});
