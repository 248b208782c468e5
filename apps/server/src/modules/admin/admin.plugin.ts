import path from 'node:path';
import type { AppInstance } from '../../http/types';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { infoLog } from '../../core.plugin';
import type { AdminDeps } from './admin-deps';
import { createArtworkService } from './artwork.service';
import { createContentService } from './content.service';
import { createDashboardService } from './dashboard.service';
import { createHomepageService } from './homepage.service';
import { createOrdersService } from './orders.service';
import { createPlansService } from './plans.service';
import { createAdminSettingsService } from './settings.service';
import { createTagsService } from './tags.service';
import { createUsersService } from './users.service';
import { createUserAccessService } from './user-access.service';
import { registerCommerceRoutes } from './commerce.routes';
import { registerContentRoutes } from './content.routes';
import { createPublicationService } from './publication.service';
import { registerPublicationRoutes } from './publication.routes';
import { registerHomepageRoutes } from './homepage.routes';
import { registerSystemRoutes } from './system.routes';
import { createAdminRewardsService } from './reward-amounts.service';
import { registerRewardAmountRoutes } from './reward-amounts.routes';
import { registerUsersRoutes } from './users.routes';
import { createTeamService } from './team.service';
import { registerTeamRoutes } from './team.routes';
import { recordOperatorSession } from './sign-in-audit';
import { createReplyDelivery } from './inbox-delivery';
import { createInboxService } from './inbox.service';
import { registerInboxRoutes } from './inbox.routes';
import { createSubtitlesService } from './subtitles.service';
import { registerSubtitleRoutes } from './subtitles.routes';
import { registerPreviewRoutes } from './preview.routes';
import { strictBodyCompiler } from './strict-bodies';
import { createMediaJobs } from './media-jobs';
import { registerMediaRoutes } from './media.routes';
import { createUploads, registerUploadRoutes } from './uploads';

/**
 * The operator console's API under /api/admin (the admin role is checked by the route guard). Its
 * JSON bodies are validated without type coercion.
 */
function registerAdminRoutes(app: AppInstance, deps: AdminDeps): void {
  const uploads = createUploads({
    db: deps.db,
    dir: path.join(deps.env.dataDir, 'uploads'),
    trustProxy: deps.env.trustProxy,
  });
  const jobs = createMediaJobs({
    db: deps.db,
    storage: deps.storage,
    uploadsDir: uploads.dir,
    findUpload: uploads.findUpload,
    removeUpload: uploads.removeUpload,
    invalidateCatalog: deps.invalidateCatalog,
    log: deps.log,
  });
  // Packaging runs where the jobs run (JOBS): started at once for a new upload, and every few
  // seconds for jobs left over (a restart, another instance's lease that ran out). Stopping the
  // runner interrupts a packaging in progress (it is queued again) rather than waiting for it.
  if (deps.env.jobs) {
    // Jobs are claimed from media_jobs with a lease (jobs/queue.ts): each is packaged by one instance.
    deps.jobs.every('media-jobs', 5000, () => jobs.drain(), { stop: () => jobs.stop() });
    // Removes expired uploads from the tus store of this DATA_DIR: removing one twice is a no-op.
    deps.jobs.every('expired-uploads', 60 * 60 * 1000, () => uploads.cleanUpExpired());
  }
  const kick = () => {
    if (deps.env.jobs) deps.jobs.kick('media-jobs');
  };
  // Console replies are mailed from a queue, never during the operator's request.
  const replies = createReplyDelivery({ db: deps.db, sendMail: deps.sendMail, log: deps.log });
  if (deps.env.jobs) {
    // Replies are claimed with a lease (jobs/queue.ts): each is mailed by one instance.
    deps.jobs.every('contact-replies', 30_000, () => replies.deliverDue());
  }
  const inbox = createInboxService({
    db: deps.db,
    mailTransport: deps.mailTransport,
    ...(deps.env.jobs ? { deliverSoon: () => deps.jobs.kick('contact-replies') } : {}),
  });

  void app.register(async (scope) => {
    scope.setValidatorCompiler(strictBodyCompiler);
    const admin = scope as unknown as AppInstance;
    const content = createContentService(deps);
    registerContentRoutes(admin, content, createTagsService(deps), createArtworkService(deps));
    registerPublicationRoutes(admin, createPublicationService(deps, content));
    registerMediaRoutes(admin, jobs, kick);
    registerUploadRoutes(admin, uploads);
    registerHomepageRoutes(admin, createHomepageService(deps));
    registerCommerceRoutes(admin, createPlansService(deps), createOrdersService(deps));
    const users = createUsersService(deps);
    registerUsersRoutes(admin, users, createUserAccessService(deps, users.getUser));
    registerSystemRoutes(admin, deps.db, createAdminSettingsService(deps), createDashboardService(deps));
    registerRewardAmountRoutes(admin, createAdminRewardsService(deps));
    registerTeamRoutes(
      admin,
      createTeamService({
        db: deps.db,
        mailer: deps.mailer,
        limiter: deps.limiter,
        consoleBase: deps.env.consoleUrl ?? deps.env.publicUrl,
      }),
    );
    registerInboxRoutes(admin, inbox);
    registerSubtitleRoutes(admin, createSubtitlesService(deps));
    registerPreviewRoutes(admin, deps.preview);
  });
}
/**
 * The console's API: it asks the catalog and the settings to invalidate their caches, playback for
 * media addresses and billing for refunds; operators are the accounts module's console sessions.
 */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const { env, catalog, settings, playback } = app;
  // Console sign-ins, failed ones and sign-outs go to the audit log; a failure to write one is
  // logged, never turned into a refused sign-in.
  app.events.on('operator.session', async (event) => {
    await recordOperatorSession(app.db, event).catch((err: unknown) => {
      app.log.error({ err }, 'could not write a console sign-in to the audit log');
    });
  });
  registerAdminRoutes(app, {
    db: app.db,
    storage: app.storage,
    invalidateCatalog: () => catalog.invalidate(),
    invalidateSettings: () => settings.invalidate(),
    mediaUrl: (key) => playback.mediaUrl(key),
    preview: playback.preview,
    refundOrder: app.billing.refundOrder,
    env,
    mailTransport: app.mailer.kind,
    mailer: app.mailer,
    limiter: app.limiter,
    sendMail: (message) => app.mailer.send(message),
    log: infoLog(app),
    jobs: app.jobs,
  });
};

export const adminPlugin = fp(admin, {
  name: 'admin',
  dependencies: ['core', 'protocol', 'settings', 'playback', 'catalog', 'billing', 'accounts'],
});
