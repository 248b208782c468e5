import { useSyncExternalStore } from 'react';
import * as tus from 'tus-js-client';
import type { AdminMediaJob } from '@episodic/contract';
import { api } from '../../shared/api';

/** Where the console uploads videos with the tus protocol. */
const UPLOADS_PATH = '/api/admin/uploads';
/** Smaller chunks: a dropped connection repeats at most one of them. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

export interface UploadState {
  fileName: string;
  sent: number;
  total: number;
  phase: 'uploading' | 'retrying' | 'queueing' | 'failed';
  error: string | null;
}

// Uploads outlive the page that started them (they go on while the operator looks elsewhere).
let states: Readonly<Record<number, UploadState>> = {};
const running = new Map<number, tus.Upload>();
const listeners = new Set<() => void>();

function set(episodeId: number, state: UploadState | null): void {
  const next = { ...states };
  if (state) next[episodeId] = state;
  else delete next[episodeId];
  states = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The upload of an episode's video in progress, if any. */
export function useVideoUpload(episodeId: number): UploadState | undefined {
  return useSyncExternalStore(subscribe, () => states[episodeId]);
}

function readable(error: Error): string {
  const detailed = error as tus.DetailedError;
  const body = detailed.originalResponse?.getBody();
  if (body && !body.trim().startsWith('{')) return body.trim();
  return 'The upload failed. Choose the file again to continue where it stopped.';
}

/**
 * Uploads a video for an episode, resumably: a dropped connection is retried and continues from
 * what the server already has; choosing the same file again after a reload continues too. When it
 * is complete, the server is asked to package it. `onQueued` runs once the job is queued.
 */
export async function uploadVideo(
  episodeId: number,
  file: File,
  onQueued: (job: AdminMediaJob) => void,
): Promise<void> {
  if (running.has(episodeId)) return;
  const upload = new tus.Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { episodeId: String(episodeId), filename: file.name, filetype: file.type || 'video/mp4' },
    // The console's session cookie goes along by itself (same origin); no token is ever handed to tus.
    // Per episode: the same file chosen for another episode is another upload.
    fingerprint: async (f) =>
      [
        'episodic-video',
        episodeId,
        f instanceof File ? f.name : '',
        f.type,
        f.size,
        f instanceof File ? f.lastModified : 0,
      ].join(':'),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      set(episodeId, { fileName: file.name, sent, total, phase: 'uploading', error: null });
    },
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // Refusals (not an operator, not a video, too large) will not change by retrying.
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
      const current = states[episodeId];
      set(episodeId, {
        fileName: file.name,
        sent: current?.sent ?? 0,
        total: current?.total ?? file.size,
        phase: 'retrying',
        error: null,
      });
      return true;
    },
    onError: (error) => {
      running.delete(episodeId);
      const current = states[episodeId];
      set(episodeId, {
        fileName: file.name,
        sent: current?.sent ?? 0,
        total: file.size,
        phase: 'failed',
        error: readable(error),
      });
    },
    onSuccess: () => {
      running.delete(episodeId);
      set(episodeId, { fileName: file.name, sent: file.size, total: file.size, phase: 'queueing', error: null });
      const uploadId = (upload.url ?? '').split('/').pop() ?? '';
      api
        .post('/api/admin/episodes/{id}/media', { path: { id: episodeId }, body: { uploadId } })
        .then((job) => {
          set(episodeId, null);
          onQueued(job);
        })
        .catch((error: unknown) => {
          set(episodeId, {
            fileName: file.name,
            sent: file.size,
            total: file.size,
            phase: 'failed',
            error: error instanceof Error ? error.message : 'The video could not be queued.',
          });
        });
    },
  });
  running.set(episodeId, upload);
  set(episodeId, { fileName: file.name, sent: 0, total: file.size, phase: 'uploading', error: null });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
}

/** Stops an upload; choosing the same file again continues it. */
export async function pauseVideoUpload(episodeId: number): Promise<void> {
  const upload = running.get(episodeId);
  running.delete(episodeId);
  await upload?.abort();
  set(episodeId, null);
}
