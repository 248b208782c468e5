import { useState } from 'react';
import { MoveButtons } from '../../shared/move-buttons';
import type { AdminEpisode, AdminSeries } from '@episodic/contract';
import { leaveGapWarning, publishGapWarning, useSeriesMutations } from '../../features/content';
import { count, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/format';
import { LanguageTabs, languagesWithErrors } from '../../shared/language-tabs';
import { Badge, Button, Card, EmptyState } from '../../shared/ui';
import { Checkbox, FormMessage, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';
import { EpisodeVideo } from './episode-video';
import { useEditedForm } from '../../shared/unsaved-changes';
import { LeaveDialog, PublishDialog } from './impact-dialog';

type Asking = { episode: AdminEpisode; action: 'unpublish' | 'archive' | 'publish'; warning?: string } | null;

function EpisodeStatus({ episode }: { episode: AdminEpisode }) {
  if (episode.status === 'published') return <Badge tone="green">Published</Badge>;
  if (episode.status === 'archived') return <Badge tone="blue">Archived</Badge>;
  return <Badge>Draft</Badge>;
}
import { EpisodeSubtitles } from './episode-subtitles';

type Mutations = ReturnType<typeof useSeriesMutations>;

/** Add or edit one episode: titles in five languages, free or locked, price. */
function EpisodeDialog({
  episode,
  mutations,
  onClose,
}: {
  episode: AdminEpisode | null;
  mutations: Mutations;
  onClose: () => void;
}) {
  const edited = useEditedForm();
  const [titles, setTitles] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, episode?.titles[l] ?? ''])) as Record<Language, string>,
  );
  const [free, setFree] = useState(episode?.free ?? false);
  const [cost, setCost] = useState(String(episode?.unlockCost ?? ''));
  const mutation = episode ? mutations.updateEpisode : mutations.addEpisode;
  const { fields } = formErrors(mutation.error);
  const submit = () => {
    const input = { titles, free, ...(cost.trim() === '' ? {} : { unlockCost: Number(cost) }) };
    const done = { onSuccess: onClose };
    if (episode) mutations.updateEpisode.mutate({ episodeId: episode.id, input }, done);
    else mutations.addEpisode.mutate(input, done);
  };
  return (
    <Dialog
      title={episode ? `Episode ${episode.number}` : 'New episode'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="episode-form" disabled={mutation.isPending}>
            {episode ? 'Save episode' : 'Add episode'}
          </Button>
        </>
      }
    >
      <form
        id="episode-form"
        onChange={edited.onChange}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormMessage error={mutation.error} />
        <LanguageTabs filled={(lang) => Boolean(titles[lang].trim())} invalid={languagesWithErrors(fields, 'titles')}>
          {(lang) => (
            <TextInput
              label={`Title (${LANGUAGE_NAMES[lang]})`}
              value={titles[lang]}
              maxLength={200}
              onChange={(e) => {
                setTitles({ ...titles, [lang]: e.target.value });
              }}
              error={fields[`titles.${lang}`]}
              hint="Optional: without a title viewers see “Episode N”."
            />
          )}
        </LanguageTabs>
        <Checkbox label="Free to watch" checked={free} onChange={setFree} />
        <TextInput
          label="Unlock price (coins)"
          type="number"
          min={0}
          value={cost}
          disabled={free}
          onChange={(e) => {
            setCost(e.target.value);
          }}
          error={fields.unlockCost}
          hint={episode ? undefined : 'Empty: the price of the episode before it.'}
        />
        {!episode ? (
          <p className="text-xs text-zinc-500">
            The episode is added at the end, as a draft. It can be published once its video is packaged.
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

function PricingDialog({
  series,
  mutations,
  onClose,
}: {
  series: AdminSeries;
  mutations: Mutations;
  onClose: () => void;
}) {
  const edited = useEditedForm();
  const [freeEpisodes, setFreeEpisodes] = useState(String(series.episodeList.filter((e) => e.free).length));
  const [unlockCost, setUnlockCost] = useState(String(series.episodeList.find((e) => !e.free)?.unlockCost ?? 50));
  const { fields } = formErrors(mutations.pricing.error);
  return (
    <Dialog
      title="Price every episode"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="pricing-form" disabled={mutations.pricing.isPending}>
            Apply to {series.episodeList.length} episodes
          </Button>
        </>
      }
    >
      <form
        id="pricing-form"
        onChange={edited.onChange}
        className="grid grid-cols-2 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          mutations.pricing.mutate(
            { freeEpisodes: Number(freeEpisodes), unlockCost: Number(unlockCost) },
            { onSuccess: onClose },
          );
        }}
      >
        <div className="col-span-2">
          <FormMessage error={mutations.pricing.error} />
        </div>
        <TextInput
          label="Free episodes from the start"
          type="number"
          min={0}
          value={freeEpisodes}
          onChange={(e) => {
            setFreeEpisodes(e.target.value);
          }}
          error={fields.freeEpisodes}
        />
        <TextInput
          label="Price of the others (coins)"
          type="number"
          min={1}
          value={unlockCost}
          onChange={(e) => {
            setUnlockCost(e.target.value);
          }}
          error={fields.unlockCost}
        />
      </form>
    </Dialog>
  );
}

/** A series' episodes in order: status, video, price; reorder, edit, publish. */
export function EpisodesCard({ series }: { series: AdminSeries }) {
  const mutations = useSeriesMutations(series.id);
  const [editing, setEditing] = useState<AdminEpisode | 'new' | null>(null);
  const [pricing, setPricing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const episodes = series.episodeList;
  const close = () => {
    setAsking(null);
  };
  const setStatus = (episode: AdminEpisode, status: 'draft' | 'published') => {
    mutations.episodeStatus.mutate({ episodeId: episode.id, status }, { onSuccess: close });
  };
  // Publishing out of order is allowed (an episode held back on purpose), but it is asked first.
  const publish = (episode: AdminEpisode) => {
    const warning = publishGapWarning(episodes, episode.id);
    if (warning) setAsking({ episode, action: 'publish', warning });
    else setStatus(episode, 'published');
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = episodes.map((e) => e.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    mutations.reorder.mutate(ids);
  };
  const statusError =
    formErrors(mutations.episodeStatus.error).message || formErrors(mutations.archiveEpisode.error).message;
  return (
    <Card
      title={`Episodes (${episodes.length})`}
      actions={
        <>
          <Button
            size="sm"
            disabled={episodes.length === 0}
            onClick={() => {
              setPricing(true);
            }}
          >
            Price all…
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              setEditing('new');
            }}
          >
            Add episode
          </Button>
        </>
      }
    >
      {statusError && !asking ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {statusError}
        </p>
      ) : null}
      {episodes.length === 0 ? (
        <EmptyState>No episodes yet. Add one, then upload its video.</EmptyState>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-zinc-500 uppercase">
            <tr>
              <th className="py-2 font-medium">#</th>
              <th className="py-2 font-medium">Title</th>
              <th className="py-2 font-medium">Video</th>
              <th className="py-2 font-medium">Access</th>
              <th className="py-2 text-right font-medium">Plays</th>
              <th className="py-2 text-right font-medium">Unlocks</th>
              <th className="py-2 pl-6 font-medium">Status</th>
              <th className="py-2 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody>
            {episodes.map((e, i) => (
              <tr key={e.id} className="border-t border-zinc-100" data-episode={e.id}>
                <td className="py-2 font-semibold tabular-nums">{e.number}</td>
                <td className="py-2">
                  <span className="flex items-center gap-2">
                    {e.thumbnail ? <img src={e.thumbnail} alt="" className="h-10 w-6 rounded object-cover" /> : null}
                    {e.titles.en ?? <span className="text-zinc-400">Episode {e.number}</span>}
                  </span>
                </td>
                <td className="py-2">
                  <EpisodeVideo episode={e} />
                  <EpisodeSubtitles episode={e} />
                </td>
                <td className="py-2">
                  {e.free ? <Badge tone="green">Free</Badge> : <Badge tone="orange">{e.unlockCost} coins</Badge>}
                </td>
                <td className="py-2 text-right tabular-nums">{count(e.playCount)}</td>
                <td className="py-2 text-right tabular-nums">{count(e.unlocks)}</td>
                <td className="py-2 pl-6">
                  <EpisodeStatus episode={e} />
                </td>
                <td className="py-2">
                  <span className="flex justify-end gap-1">
                    <MoveButtons
                      rowKey={`episode-${e.id}`}
                      label={`episode ${e.number}`}
                      index={i}
                      count={episodes.length}
                      busy={mutations.reorder.isPending}
                      onMove={(by) => {
                        move(i, by);
                      }}
                    />
                    <Button
                      size="sm"
                      onClick={() => {
                        setEditing(e);
                      }}
                    >
                      Edit
                    </Button>
                    {e.status === 'archived' ? (
                      <Button
                        size="sm"
                        disabled={mutations.archiveEpisode.isPending}
                        onClick={() => {
                          mutations.archiveEpisode.mutate({ episodeId: e.id, archive: false });
                        }}
                      >
                        Restore
                      </Button>
                    ) : (
                      <>
                        <Button
                          size="sm"
                          // Publishing is the row's next step only once its video is ready; without one the
                          // server refuses, and says why.
                          variant={e.status !== 'published' && e.mediaStatus === 'ready' ? 'primary' : 'secondary'}
                          disabled={mutations.episodeStatus.isPending}
                          onClick={() => {
                            if (e.status === 'published') setAsking({ episode: e, action: 'unpublish' });
                            else publish(e);
                          }}
                        >
                          {e.status === 'published' ? 'Unpublish…' : 'Publish'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Archive episode ${e.number}`}
                          onClick={() => {
                            setAsking({ episode: e, action: 'archive' });
                          }}
                        >
                          Archive…
                        </Button>
                      </>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing ? (
        <EpisodeDialog
          episode={editing === 'new' ? null : editing}
          mutations={mutations}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
      {asking?.action === 'publish' ? (
        <PublishDialog
          name={`episode ${asking.episode.number}`}
          warnings={[asking.warning!]}
          pending={mutations.episodeStatus.isPending}
          error={mutations.episodeStatus.error}
          onConfirm={() => {
            setStatus(asking.episode, 'published');
          }}
          onClose={close}
        />
      ) : asking ? (
        <LeaveDialog
          target="episode"
          id={asking.episode.id}
          name={`episode ${asking.episode.number}`}
          action={asking.action}
          warnings={[leaveGapWarning(episodes, asking.episode.id)].filter((w): w is string => w !== null)}
          pending={asking.action === 'archive' ? mutations.archiveEpisode.isPending : mutations.episodeStatus.isPending}
          error={asking.action === 'archive' ? mutations.archiveEpisode.error : mutations.episodeStatus.error}
          onConfirm={() => {
            if (asking.action === 'archive')
              mutations.archiveEpisode.mutate({ episodeId: asking.episode.id, archive: true }, { onSuccess: close });
            else setStatus(asking.episode, 'draft');
          }}
          onClose={close}
        />
      ) : null}
      {pricing ? (
        <PricingDialog
          series={series}
          mutations={mutations}
          onClose={() => {
            setPricing(false);
          }}
        />
      ) : null}
    </Card>
  );
}
