import { AdminEpisodeMediaInputSchema, AdminMediaJobSchema, EnvelopeOf, IdParamsSchema } from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf } from './admin-deps';
import type { MediaJobs } from './media-jobs';

export function registerMediaRoutes(app: AppInstance, jobs: MediaJobs, kick: () => void): void {
  app.post(
    '/api/admin/episodes/:id/media',
    {
      schema: {
        tags: ['admin'],
        summary: "Package a finished upload as the episode's video, in the background (the answer is the queued job)",
        params: IdParamsSchema,
        body: AdminEpisodeMediaInputSchema,
        response: { 200: EnvelopeOf(AdminMediaJobSchema) },
      },
    },
    async (req) => {
      const job = await jobs.enqueue(await operatorOf(req), req.params.id, req.body.uploadId);
      kick();
      return ok(job);
    },
  );
}
