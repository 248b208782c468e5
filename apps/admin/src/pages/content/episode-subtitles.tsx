import { useEffect, useId, useMemo, useState } from 'react';
import type { AdminEpisode, AdminEpisodeSubtitles } from '@episodic/contract';
import { type SubtitleLanguage, localProblem, useSubtitleMutations, useSubtitles } from '../../features/subtitles';
import { formErrors } from '../../shared/form-fields';
import { LANGUAGES, LANGUAGE_NAMES } from '../../shared/format';
import { Dialog } from '../../shared/dialogs';
import { toast } from '../../shared/toast';
import { Badge, Button, ErrorState, Loading } from '../../shared/ui';
import { PreviewVideo } from './episode-preview-video';

type Track = AdminEpisodeSubtitles['tracks'][number];

/** `0:05.250`: where a cue sits in the video. */
export function cueTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** The episode's video with the track over it, beside its cues. The browser draws the cues as text, never markup. */
function Preview({ track, episode }: { track: Track; episode: AdminEpisode }) {
  const src = useMemo(() => URL.createObjectURL(new Blob([track.vtt], { type: 'text/vtt' })), [track.vtt]);
  useEffect(
    () => () => {
      URL.revokeObjectURL(src);
    },
    [src],
  );
  return (
    <div className="mt-4 grid grid-cols-[12rem_minmax(0,1fr)] gap-4">
      <PreviewVideo
        episodeId={episode.id}
        mediaReady={episode.mediaStatus === 'ready'}
        poster={episode.thumbnail}
        track={{ src, language: track.language, label: LANGUAGE_NAMES[track.language] }}
      />
      <ol
        aria-label={`${LANGUAGE_NAMES[track.language]} subtitles`}
        className="max-h-96 overflow-auto rounded-lg bg-zinc-50 p-3 text-sm"
      >
        {track.cues.length === 0 ? <li className="text-zinc-500">No cue list for this file.</li> : null}
        {track.cues.map((cue, i) => (
          <li key={i} className="grid grid-cols-[10.5rem_1fr] gap-2 border-b border-zinc-100 py-1.5 last:border-0">
            <span className="font-mono text-xs whitespace-nowrap text-zinc-500 tabular-nums">
              {cueTime(cue.start)} – {cueTime(cue.end)}
            </span>
            <span className="whitespace-pre-wrap break-words">{cue.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function LanguageRow({
  episodeId,
  language,
  track,
  previewing,
  onPreview,
}: {
  episodeId: number;
  language: SubtitleLanguage;
  track: Track | undefined;
  previewing: boolean;
  onPreview: () => void;
}) {
  const inputId = useId();
  const { upload, remove } = useSubtitleMutations(episodeId);
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const busy = (upload.isPending && upload.variables?.language === language) || remove.isPending;
  const name = LANGUAGE_NAMES[language];
  return (
    <li className="border-b border-zinc-100 py-3 last:border-0">
      <div className="flex items-center gap-3">
        <span className="w-28 font-medium">{name}</span>
        {track ? (
          <Badge tone="green">{track.cues.length === 1 ? '1 cue' : `${track.cues.length} cues`}</Badge>
        ) : (
          <Badge>None</Badge>
        )}
        <span className="ml-auto flex items-center gap-2">
          {track ? (
            <Button size="sm" variant="ghost" aria-pressed={previewing} onClick={onPreview}>
              Preview
            </Button>
          ) : null}
          <label
            htmlFor={inputId}
            className="inline-flex h-8 cursor-pointer items-center rounded-lg border border-zinc-300 bg-white px-3 text-sm font-semibold hover:bg-zinc-100"
          >
            {busy && upload.isPending ? 'Checking…' : track ? 'Replace' : 'Upload'}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".vtt,.srt,text/vtt"
            className="sr-only"
            aria-label={`${name} subtitle file (.vtt or .srt)`}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setWarnings([]);
              setProblem(localProblem(file));
              if (localProblem(file)) return;
              upload.mutate(
                { language, file },
                {
                  onSuccess: (data) => {
                    setWarnings(data.warnings);
                    toast(`${name} subtitles saved.`);
                  },
                  onError: (err) => {
                    setProblem(formErrors(err).fields.file ?? formErrors(err).message ?? 'The file was not saved.');
                  },
                },
              );
            }}
          />
          {track ? (
            confirming ? (
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => {
                  remove.mutate(language, {
                    onSuccess: () => {
                      setConfirming(false);
                      toast(`${name} subtitles removed.`);
                    },
                  });
                }}
              >
                Remove {name}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setConfirming(true);
                }}
              >
                Delete
              </Button>
            )
          ) : null}
        </span>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {warnings.map((w) => (
        <p key={w} className="mt-2 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800">
          Saved, but check: {w}
        </p>
      ))}
    </li>
  );
}

function SubtitlesDialog({ episode, onClose }: { episode: AdminEpisode; onClose: () => void }) {
  const query = useSubtitles(episode.id);
  const [preview, setPreview] = useState<SubtitleLanguage | null>(null);
  const tracks = query.data?.tracks ?? [];
  const shown = tracks.find((t) => t.language === preview) ?? tracks[0];
  return (
    <Dialog title={`Subtitles of episode ${episode.number}`} onClose={onClose} wide>
      <p className="mb-2 text-sm text-zinc-600">
        One WebVTT (.vtt) or SubRip (.srt) file per language, UTF-8, up to 512 KB. SRT files are converted to WebVTT.
        Viewers see them only when they may watch the episode.
      </p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <ul>
            {LANGUAGES.map((language) => (
              <LanguageRow
                key={language}
                episodeId={episode.id}
                language={language}
                track={tracks.find((t) => t.language === language)}
                previewing={shown?.language === language}
                onPreview={() => {
                  setPreview(language);
                }}
              />
            ))}
          </ul>
          {shown ? <Preview track={shown} episode={episode} /> : null}
        </>
      )}
    </Dialog>
  );
}

/** The languages an episode has subtitles in, and the dialog that manages them. */
export function EpisodeSubtitles({ episode }: { episode: AdminEpisode }) {
  const query = useSubtitles(episode.id);
  const [open, setOpen] = useState(false);
  const languages = query.data?.tracks.map((t) => t.language) ?? [];
  return (
    <span className="mt-1 flex items-center gap-1">
      {languages.map((l) => (
        <Badge key={l} tone="blue">
          {l === 'fy' ? 'FR' : l === 'dy' ? 'DE' : l.toUpperCase()}
        </Badge>
      ))}
      <button
        type="button"
        className="text-xs font-medium text-orange-700 hover:underline"
        aria-label={`Subtitles of episode ${episode.number}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        {languages.length === 0 ? 'Add subtitles' : 'Subtitles'}
      </button>
      {open ? (
        <SubtitlesDialog
          episode={episode}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </span>
  );
}
