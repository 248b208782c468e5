import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { Kysely } from 'kysely';
import { ADMIN_LIMITS, ADMIN_UPLOADS_PATH } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { AppInstance } from '../../http/types';
import type { HeldUpload } from './media-jobs';
import { episodeExists } from './content.repository';

/** Uploads not finished within this time are removed. */
const UPLOAD_EXPIRY_MS = 2 * 24 * 60 * 60 * 1000;
const VIDEO_NAME = /\.(mp4|m4v|mov|webm|mkv|avi|mpe?g|ts|3gp)$/i;

/** A tus rejection: the status and the text the client shows. */
const refuse = (body: string, status_code = 400) => ({ status_code, body });

/**
 * The resumable upload endpoint (the tus protocol) for episode videos. Each upload says which
 * episode it is for (`episodeId` metadata) and must look like a video; it lands in `dir` as one file.
 * A dropped connection resumes where the server's copy ends.
 */
export function createUploads(opts: { db: Kysely<DB>; dir: string; trustProxy: boolean }) {
  const store = new FileStore({ directory: opts.dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const tus = new TusServer({
    path: ADMIN_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: opts.trustProxy,
    maxSize: ADMIN_LIMITS.videoBytes,
    async onUploadCreate(_req, upload) {
      const meta = upload.metadata ?? {};
      const episodeId = Number(meta.episodeId);
      if (!Number.isInteger(episodeId) || episodeId < 1) throw refuse('Say which episode the video is for.');
      const type = meta.filetype ?? '';
      if (!type.startsWith('video/') && !VIDEO_NAME.test(meta.filename ?? ''))
        throw refuse('Only video files can be uploaded.', 415);
      if (!(await episodeExists(opts.db, episodeId))) throw refuse('There is no such episode.', 404);
      return { metadata: meta };
    },
  });

  async function findUpload(uploadId: string): Promise<HeldUpload | null> {
    try {
      const upload = await store.getUpload(uploadId);
      return { size: upload.size, offset: upload.offset, metadata: upload.metadata };
    } catch {
      return null;
    }
  }

  return {
    tus,
    findUpload,
    removeUpload: (uploadId: string) => store.remove(uploadId),
    cleanUpExpired: () => tus.cleanUpExpiredUploads(),
    dir: path.resolve(opts.dir),
  };
}

export type Uploads = ReturnType<typeof createUploads>;

/** Hands every request under the uploads path to the tus server, untouched (the body is its stream). */
export function registerUploadRoutes(app: AppInstance, uploads: Uploads): void {
  void app.register(async (scope) => {
    // tus sends the file's bytes as application/offset+octet-stream: the tus server reads them itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handle = async (
      req: { raw: Parameters<typeof uploads.tus.handle>[0] },
      reply: { hijack(): void; raw: Parameters<typeof uploads.tus.handle>[1] },
    ) => {
      reply.hijack();
      await uploads.tus.handle(req.raw, reply.raw);
    };
    const schema = { hide: true };
    const config = { bodyTypes: ['application/offset+octet-stream'] };
    scope.route({ method: ['POST', 'OPTIONS'], url: ADMIN_UPLOADS_PATH, schema, config, handler: handle });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${ADMIN_UPLOADS_PATH}/:id`,
      schema,
      config,
      handler: handle,
    });
  });
}
