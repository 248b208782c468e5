import type { EpisodeListItem, SeriesDetail } from '@episodic/contract';
import { htmlLangFor } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Dialog } from '../../shared/ui/dialog';
import { formatCount } from './format';
import { ArchivedNote } from './archived-note';

/** A running time as hours and minutes in the viewer's language ("1 hr 12 min", "1 Std., 12 Min."). */
export function formatRunningTime(seconds: number, locale: string): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0 ? unit(minutes / 60, 'hour') : `${unit(Math.floor(minutes / 60), 'hour')} ${unit(rest, 'minute')}`;
}

interface InfoSheetProps {
  series: Pick<SeriesDetail, 'title' | 'synopsis' | 'tags' | 'playCount' | 'archived'>;
  episodes: readonly Pick<EpisodeListItem, 'duration'>[];
  onClose: () => void;
}

/** About the series: its synopsis, categories, number of episodes, total running time and plays. */
export function InfoSheet({ series, episodes, onClose }: InfoSheetProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = htmlLangFor(language);
  const total = episodes.reduce((sum, e) => sum + e.duration, 0);
  return (
    <Dialog variant="sheet" title={series.title} onClose={onClose}>
      <div className="flex flex-col gap-4" data-testid="info-sheet">
        {series.archived ? <ArchivedNote /> : null}
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            [t('player.info.episodes'), formatCount(episodes.length, language)],
            [t('player.info.runtime'), formatRunningTime(total, locale)],
            [t('player.info.plays'), formatCount(series.playCount, language)],
          ].map(([term, value]) => (
            <div key={term} className="flex flex-col-reverse gap-0.5 rounded-2xl bg-surface-2 px-2 py-3">
              <dt className="text-xs text-fg-muted">{term}</dt>
              <dd className="text-base font-semibold text-fg tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {series.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('player.info.categories')}>
            {series.tags.map((tag) => (
              <li
                key={tag.id}
                className="rounded-full bg-surface-2 px-3 py-1 text-xs font-medium text-fg ring-1 ring-white/10"
              >
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}
        {series.synopsis ? <p className="text-sm leading-relaxed text-fg-muted">{series.synopsis}</p> : null}
      </div>
    </Dialog>
  );
}
