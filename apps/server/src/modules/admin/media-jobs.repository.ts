import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminMediaJob } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { leaseUntil, type LeasedQueueOptions } from '../../jobs/queue';

type Executor = Kysely<DB> | Transaction<DB>;

export type JobRow = {
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

/** The job made for an upload, if any (an upload is packaged once). */
export function findJobByUpload(db: Executor, uploadId: string) {
  return db.selectFrom('media_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
}

/** The job made for an upload that has one. */
export function getJobByUpload(db: Executor, uploadId: string) {
  return db.selectFrom('media_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
}

/** Holds an episode's row while a job is queued for it; undefined when there is no such episode. */
export function lockEpisodeForJob(trx: Transaction<DB>, episodeId: number) {
  return trx
    .selectFrom('episodes')
    .select(['id', 'number', 'series_id'])
    .where('id', '=', episodeId)
    .forUpdate()
    .executeTakeFirst();
}

/** Queues an upload for this host; undefined when a job for the upload was made meanwhile. */
export function insertJob(
  trx: Transaction<DB>,
  job: { episodeId: number; uploadId: string; fileName: string; host: string; actorId: string },
) {
  return trx
    .insertInto('media_jobs')
    .values({
      episode_id: job.episodeId,
      upload_id: job.uploadId,
      file_name: job.fileName,
      host: job.host,
      actor_id: job.actorId,
    })
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Ends a job's run: done, failed, or queued again; its lease is given up. */
export async function finishJob(
  db: Executor,
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

/** A running job's progress, which also renews its lease. */
export async function reportJobProgress(
  db: Executor,
  id: number,
  progress: { stage: string; percent: number; leaseMs: number },
): Promise<void> {
  await db
    .updateTable('media_jobs')
    .set({
      stage: progress.stage,
      percent: progress.percent,
      lease_until: leaseUntil(progress.leaseMs),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Which jobs the leased queue claims for a host (it holds their uploads), oldest first; a running job
 * whose lease ran out (its worker stopped) is claimed again.
 */
export function hostJobs(
  host: string,
): Pick<LeasedQueueOptions<JobRow>, 'table' | 'key' | 'waiting' | 'orderBy' | 'onClaim'> {
  return {
    table: 'media_jobs',
    key: ['id'],
    waiting: sql`host = ${host} AND status IN ('queued', 'running')`,
    orderBy: sql`id`,
    onClaim: sql`status = 'running', updated_at = now()`,
  };
}
