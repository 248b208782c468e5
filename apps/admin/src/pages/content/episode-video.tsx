import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminEpisode } from '@episodic/contract';
import { pauseVideoUpload, uploadVideo, useVideoUpload } from '../../features/content';
import { Badge, Button } from '../../shared/ui';

const STAGES: Record<string, string> = {
  checking: 'Checking',
  encoding: 'Encoding',
  encrypting: 'Encrypting',
  uploading: 'Storing',
  publishing: 'Publishing',
  done: 'Done',
};

function Progress({ label, percent, tone = 'bg-orange-500' }: { label: string; percent: number; tone?: string }) {
  return (
    <div className="w-48">
      <div className="flex justify-between text-xs text-zinc-600">
        <span>{label}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-200"
      >
        <div className={`h-full ${tone} transition-[width]`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** An episode's video: its state, an upload with its progress, the packaging with its stage, and errors. */
export function EpisodeVideo({ episode }: { episode: AdminEpisode }) {
  const inputId = useId();
  const client = useQueryClient();
  const upload = useVideoUpload(episode.id);
  const job = episode.job;
  const choose = (
    <>
      <label htmlFor={inputId} className="cursor-pointer text-xs font-medium text-orange-700 hover:underline">
        {upload?.phase === 'failed'
          ? 'Choose the file again'
          : episode.mediaStatus === 'ready'
            ? 'Replace video'
            : 'Upload video'}
      </label>
      <input
        id={inputId}
        type="file"
        accept="video/*"
        className="sr-only"
        aria-label={`Video file for episode ${episode.number}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) {
            void uploadVideo(episode.id, file, () => {
              void client.invalidateQueries({ queryKey: ['admin', 'series'] });
              void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
            });
          }
        }}
      />
    </>
  );

  if (upload && upload.phase !== 'failed') {
    const percent = upload.total ? Math.floor((upload.sent / upload.total) * 100) : 0;
    return (
      <div className="flex items-center gap-2">
        <Progress
          label={
            upload.phase === 'retrying'
              ? 'Connection lost, retrying'
              : upload.phase === 'queueing'
                ? 'Uploaded'
                : 'Uploading'
          }
          percent={percent}
          tone={upload.phase === 'retrying' ? 'bg-zinc-400' : 'bg-orange-500'}
        />
        {upload.phase !== 'queueing' ? (
          <Button size="sm" variant="ghost" onClick={() => void pauseVideoUpload(episode.id)}>
            Pause
          </Button>
        ) : null}
      </div>
    );
  }
  if (job && (job.status === 'queued' || job.status === 'running')) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Progress
          label={
            job.status === 'queued' ? 'Waiting to be packaged' : `Packaging: ${STAGES[job.stage ?? ''] ?? 'Starting'}`
          }
          percent={job.percent}
          tone="bg-blue-500"
        />
        {episode.mediaStatus === 'ready' ? (
          <span className="text-xs text-zinc-500">The current video plays until the new one is ready.</span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      {upload?.phase === 'failed' ? (
        <span role="alert" className="max-w-56 text-xs text-red-700">
          {upload.error}
        </span>
      ) : episode.mediaStatus === 'ready' && episode.mediaError ? (
        // The replacement failed; viewers still watch the video published before.
        <span className="flex max-w-72 flex-col items-start gap-0.5">
          <Badge tone="orange">Replacement failed; the previous video is still live</Badge>
          <span className="text-xs text-red-700">{episode.mediaError}</span>
        </span>
      ) : episode.mediaStatus === 'ready' ? (
        <Badge tone="green">Video ready · {Math.round(episode.duration)} s</Badge>
      ) : episode.mediaStatus === 'failed' ? (
        <span className="flex max-w-72 flex-col items-start gap-0.5">
          <Badge tone="red">Upload failed: no video yet</Badge>
          <span className="text-xs text-red-700">{episode.mediaError}</span>
        </span>
      ) : episode.mediaStatus === 'processing' ? (
        <Badge tone="blue">Packaging…</Badge>
      ) : (
        <Badge>No video</Badge>
      )}
      {choose}
    </div>
  );
}
