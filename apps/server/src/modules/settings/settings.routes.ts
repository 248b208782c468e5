import { ConfigListSchema, EnvelopeOf } from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import type { SettingsService } from './settings.service';

export function registerSettingsRoutes(app: AppInstance, settings: SettingsService): void {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['settings'],
        summary: 'The configuration list (pixel ids and other public keys)',
        response: { 200: EnvelopeOf(ConfigListSchema) },
      },
    },
    async () => ok(await settings.configList()),
  );
}
