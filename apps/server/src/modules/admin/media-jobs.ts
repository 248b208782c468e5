import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AdminMediaJob } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import {
  IngestError,
  ingestEpisode,
  plainMediaMessage,
  recordMediaFailure,
  type IngestProgress,
  type StorageDriver,
} from '../../media/index';
import { writeAudit, type Operator } from './audit';
import { createLeasedQueue } from '../../jobs/queue';
import * as repo from './media-jobs.repository';
import type { JobRow } from './media-jobs.repository';

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
    const existing = await repo.findJobByUpload(db, uploadId);
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
      const episode = await repo.lockEpisodeForJob(trx, episodeId);
      if (!episode) throw notFound('not_found', 'There is no such episode.');
      const inserted = await repo.insertJob(trx, { episodeId, uploadId, fileName, host, actorId: operator.userId });
      if (!inserted) return repo.getJobByUpload(trx, uploadId);
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

  const finish = (id: number, values: Parameters<typeof repo.finishJob>[2]) => repo.finishJob(db, id, values);

  /** Packages one claimed video (its lease taken, its attempt counted). */
  async function packageJob(job: JobRow): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      const error = plainMediaMessage('stalled', job.file_name);
      await finish(job.id, { status: 'failed', error });
      await recordMediaFailure(db, job.episode_id, error);
      await deps.removeUpload(job.upload_id).catch(() => undefined);
      await deps.invalidateCatalog();
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
        .then(() =>
          repo.reportJobProgress(db, job.id, {
            stage: p.stage,
            percent: Math.min(100, Math.max(0, p.percent)),
            leaseMs: LEASE_MS,
          }),
        )
        .catch(() => undefined);
    };
    deps.log('packaging an uploaded video', { jobId: job.id, episodeId: job.episode_id });
    try {
      await fs.access(input).catch(() => {
        throw new IngestError(plainMediaMessage('missing', job.file_name));
      });
      await ingestEpisode({
        db,
        storage: deps.storage,
        episodeId: job.episode_id,
        input,
        sourceName: job.file_name,
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
      // The pipeline's message is the operator's (plain words); what lies behind it is the log's.
      const message = (err instanceof IngestError ? err.message : plainMediaMessage('unexpected', job.file_name)).slice(
        0,
        1000,
      );
      // Also when the pipeline did not start (its file gone): the episode's row says why.
      await recordMediaFailure(db, job.episode_id, message).catch(() => undefined);
      await finish(job.id, { status: 'failed', error: message });
      await deps.removeUpload(job.upload_id).catch(() => undefined);
      const cause = err instanceof IngestError ? err.cause : err;
      deps.log('uploaded video not packaged', {
        jobId: job.id,
        episodeId: job.episode_id,
        error: message,
        cause: cause instanceof Error ? cause.message : String(cause),
      });
    }
    await deps.invalidateCatalog();
  }

  // This instance's jobs (it holds their uploads).
  const queue = createLeasedQueue<JobRow>({
    db,
    ...repo.hostJobs(host),
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
