import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { AdminMediaJob } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ingestEpisode, type IngestProgress, type StorageDriver } from '../../media/index';
import { writeAudit, type Operator } from './audit';
import { createLeasedQueue, leaseUntil } from '../../jobs/queue';

/** How long a running job is reserved for its worker; the lease is renewed with every progress report. */
const LEASE_MS = 30 * 60 * 1000;
/** A job whose worker stopped this many times is given up. */
const MAX_ATTEMPTS = 3;
const PROGRESS_EVERY_MS = 1000;

/** An upload the tus server holds: its size, how much arrived, and the metadata it was created with. */
export interface HeldUpload {
  size?: number;
  offset: number;
  metadata?: Record<string, string | null>;
}

export interface MediaJobsDeps {
  db: Kysely<DB>;
  storage: StorageDriver;
  /** Where the tus server keeps uploads (each upload is a file named by its id). */
  uploadsDir: string;
  findUpload: (uploadId: string) => Promise<HeldUpload | null>;
  removeUpload: (uploadId: string) => Promise<void>;
  invalidateCatalog: () => Promise<void>;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Which instance holds the uploads (jobs are claimed by it only); by default this host and folder. */
  host?: string;
}

type JobRow = {
  id: number;
  episode_id: number;
  upload_id: string;
  file_name: string;
  status: AdminMediaJob['status'];
  stage: string | null;
  percent: number;
  error: string | null;
  attempts: number;
  updated_at: Date;
};

export function jobDto(
  row: Pick<JobRow, 'id' | 'status' | 'stage' | 'percent' | 'error' | 'file_name' | 'updated_at'>,
): AdminMediaJob {
  return {
    id: Number(row.id),
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    fileName: row.file_name,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The background queue that packages uploaded videos with the ingestion pipeline, one job at a time
 * per instance. Jobs live in the database: a worker claims one under a lease; a worker that dies
 * leaves the lease to run out and the job runs again (at most three times).
 */
export function createMediaJobs(deps: MediaJobsDeps) {
  const { db } = deps;
  const host = deps.host ?? `${os.hostname()}:${path.resolve(deps.uploadsDir)}`;
  const stopping = new AbortController();

  /** Queues a finished upload for an episode, once per upload; the change is audited. */
  async function enqueue(operator: Operator, episodeId: number, uploadId: string): Promise<AdminMediaJob> {
    // Asked again (a retried request): the job already made is the answer.
    const existing = await db.selectFrom('media_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
    if (existing) {
      if (existing.episode_id !== episodeId)
        throw conflict('upload_mismatch', 'This upload was made for another episode.');
      return jobDto(existing);
    }
    const upload = await deps.findUpload(uploadId);
    if (!upload)
      throw notFound(
        'upload_missing',
        'This upload is not on the server (it may have expired): upload the video again.',
      );
    if (upload.size === undefined || upload.offset < upload.size)
      throw conflict('upload_incomplete', 'This upload is not complete yet: let it finish first.');
    if (upload.metadata?.episodeId !== String(episodeId))
      throw conflict('upload_mismatch', 'This upload was made for another episode.');
    const fileName = (upload.metadata?.filename ?? '').slice(0, 255);
    const job = await db.transaction().execute(async (trx) => {
      const episode = await trx
        .selectFrom('episodes')
        .select(['id', 'number', 'series_id'])
        .where('id', '=', episodeId)
        .forUpdate()
        .executeTakeFirst();
      if (!episode) throw notFound('not_found', 'There is no such episode.');
      const inserted = await trx
        .insertInto('media_jobs')
        .values({ episode_id: episodeId, upload_id: uploadId, file_name: fileName, host, actor_id: operator.userId })
        .onConflict((oc) => oc.column('upload_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted)
        return trx.selectFrom('media_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
      await writeAudit(trx, operator, {
        action: 'episode.upload',
        targetType: 'episode',
        targetId: episodeId,
        summary: `Uploaded ${fileName || 'a video'} (${Math.round(upload.size! / 1024)} KiB) for episode ${episode.number} of series ${episode.series_id}`,
        after: { uploadId, fileName, bytes: upload.size },
      });
      return inserted;
    });
    if (job.episode_id !== episodeId) throw conflict('upload_mismatch', 'This upload was made for another episode.');
    return jobDto(job);
  }

  async function finish(
    id: number,
    values: { status: 'done' | 'failed' | 'queued'; error?: string | null; percent?: number; stage?: string | null },
  ): Promise<void> {
    const ended = values.status !== 'queued';
    await db
      .updateTable('media_jobs')
      .set({ ...values, lease_until: null, updated_at: new Date(), ...(ended ? { finished_at: new Date() } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** Packages one claimed video (its lease taken, its attempt counted). */
  async function packageJob(job: JobRow): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      await finish(job.id, {
        status: 'failed',
        error: 'Packaging stopped several times without finishing: upload the video again.',
      });
      await deps.removeUpload(job.upload_id).catch(() => undefined);
      return;
    }
    const input = path.join(deps.uploadsDir, job.upload_id);
    let last = 0;
    let writing = Promise.resolve();
    const onProgress = (p: IngestProgress) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && p.stage !== 'done') return;
      last = now;
      writing = writing
        .then(async () => {
          await db
            .updateTable('media_jobs')
            .set({
              stage: p.stage,
              percent: Math.min(100, Math.max(0, p.percent)),
              lease_until: leaseUntil(LEASE_MS),
              updated_at: new Date(),
            })
            .where('id', '=', job.id)
            .where('status', '=', 'running')
            .execute();
        })
        .catch(() => undefined);
    };
    deps.log('packaging an uploaded video', { jobId: job.id, episodeId: job.episode_id });
    try {
      await fs.access(input).catch(() => {
        throw new Error('The uploaded file is no longer on the server: upload the video again.');
      });
      await ingestEpisode({
        db,
        storage: deps.storage,
        episodeId: job.episode_id,
        input,
        onProgress,
        force: true,
        signal: stopping.signal,
      });
      await writing;
      await finish(job.id, { status: 'done', percent: 100, stage: 'done', error: null });
      await deps.removeUpload(job.upload_id).catch(() => undefined);
      deps.log('uploaded video packaged', { jobId: job.id, episodeId: job.episode_id });
    } catch (err) {
      await writing;
      if (stopping.signal.aborted) {
        // The server is stopping: the job waits for the next start.
        await finish(job.id, { status: 'queued', stage: null, percent: 0 });
        return;
      }
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await finish(job.id, { status: 'failed', error: message });
      await deps.removeUpload(job.upload_id).catch(() => undefined);
      deps.log('uploaded video not packaged', { jobId: job.id, episodeId: job.episode_id, error: message });
    }
    await deps.invalidateCatalog();
  }

  // This instance's jobs (it holds their uploads), oldest first; a running job whose lease ran out
  // (its worker stopped) is claimed again.
  const queue = createLeasedQueue<JobRow>({
    db,
    table: 'media_jobs',
    key: ['id'],
    waiting: sql`host = ${host} AND status IN ('queued', 'running')`,
    orderBy: sql`id`,
    onClaim: sql`status = 'running', updated_at = now()`,
    leaseMs: LEASE_MS,
    handle: packageJob,
    signal: stopping.signal,
  });

  /** Packages the next queued video of this instance; false when there was none. */
  async function runOnce(): Promise<boolean> {
    const [job] = await queue.claim();
    if (!job) return false;
    await packageJob(job);
    return true;
  }

  /** Works through the queue until it is empty (or the server stops). */
  async function drain(): Promise<void> {
    await queue.drain();
  }

  /** Stops taking jobs; a job being packaged is interrupted and queued again. */
  async function stop(): Promise<void> {
    stopping.abort();
    await queue.idle();
  }

  return { enqueue, runOnce, drain, stop, host };
}

export type MediaJobs = ReturnType<typeof createMediaJobs>;
