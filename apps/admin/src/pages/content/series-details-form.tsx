import { useState } from 'react';
import type { AdminSeries, AdminSeriesTexts } from '@episodic/contract';
import { useSeries, useSeriesMutations, useTags } from '../../features/content';
import { isApiError } from '../../shared/api';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/format';
import { LanguageTabs, languagesWithErrors } from '../../shared/language-tabs';
import { Button, Card } from '../../shared/ui';
import { Checkbox, FormMessage, TextArea, TextInput, formErrors } from '../../shared/form-fields';
import { useUnsavedChanges } from '../../shared/unsaved-changes';

type Texts = Record<(typeof LANGUAGES)[number], { title: string; synopsis: string }>;

const fullTexts = (texts: AdminSeriesTexts): Texts =>
  Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { title: texts[lang]?.title ?? '', synopsis: texts[lang]?.synopsis ?? '' }]),
  ) as Texts;

/** The fields the form edits, as the form holds them. */
const detailsOf = (series: AdminSeries) => ({
  texts: fullTexts(series.texts),
  accentColor: series.accentColor ?? '',
  seriesPrice: series.seriesPrice === null ? '' : String(series.seriesPrice),
  tagIds: series.tagIds,
});

/**
 * Titles and synopses in the five languages, color, series price and tags of one series.
 *
 * The form saves all of these at once, so it sends back the details version of the series it started
 * from (`base`): a save that another operator's came before is refused rather than putting their
 * fields back, and the form offers to reload. The version moves only with saves of these fields, so
 * a cover, banner or episode change made beside the form never stands in its way. While nothing is
 * typed, the form takes up a newer save of the details as soon as the page reads it.
 */
export function SeriesDetailsForm({ series }: { series: AdminSeries }) {
  const { update } = useSeriesMutations(series.id);
  const query = useSeries(series.id);
  const tags = useTags();
  const [base, setBase] = useState(series);
  const [texts, setTexts] = useState<Texts>(() => fullTexts(series.texts));
  const [accentColor, setAccentColor] = useState(series.accentColor ?? '');
  const [seriesPrice, setSeriesPrice] = useState(series.seriesPrice === null ? '' : String(series.seriesPrice));
  const [tagIds, setTagIds] = useState<number[]>(series.tagIds);
  const [reloading, setReloading] = useState(false);
  const { fields, message } = formErrors(update.error);
  const changedMeanwhile = isApiError(update.error) && update.error.reason === 'changed_meanwhile';
  // Unsaved: the form differs from the series it started from (a save that went through updates both).
  const dirty = JSON.stringify(detailsOf(base)) !== JSON.stringify({ texts, accentColor, seriesPrice, tagIds });
  useUnsavedChanges(dirty);

  const load = (from: AdminSeries) => {
    const details = detailsOf(from);
    setBase(from);
    setTexts(details.texts);
    setAccentColor(details.accentColor);
    setSeriesPrice(details.seriesPrice);
    setTagIds(details.tagIds);
  };
  if (!dirty && !update.isPending && series.detailsVersion > base.detailsVersion) load(series);

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await query.refetch();
      if (fresh.data) {
        load(fresh.data);
        update.reset();
      }
    } finally {
      setReloading(false);
    }
  };

  const setText = (lang: keyof Texts, key: 'title' | 'synopsis', value: string) => {
    setTexts({ ...texts, [lang]: { ...texts[lang], [key]: value } });
  };

  return (
    <Card title="Details">
      <form
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            {
              texts,
              accentColor: accentColor.trim() || null,
              seriesPrice: seriesPrice.trim() === '' ? null : Number(seriesPrice),
              tagIds,
              detailsVersion: base.detailsVersion,
            },
            {
              // The form shows what was stored (trimmed, empty languages dropped), at its new version.
              onSuccess: load,
            },
          );
        }}
      >
        {changedMeanwhile ? (
          <div
            role="alert"
            className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            <span>{message}</span>
            <Button size="sm" disabled={reloading} onClick={() => void reload()}>
              {reloading ? 'Reloading…' : 'Reload series'}
            </Button>
          </div>
        ) : (
          <FormMessage error={update.error} />
        )}
        <LanguageTabs
          filled={(lang) => Boolean(texts[lang].title.trim())}
          invalid={languagesWithErrors(fields, 'texts')}
        >
          {(lang) => (
            <div className="flex flex-col gap-4">
              <TextInput
                label={`Title (${LANGUAGE_NAMES[lang]})`}
                value={texts[lang].title}
                maxLength={200}
                onChange={(e) => {
                  setText(lang, 'title', e.target.value);
                }}
                error={fields[`texts.${lang}.title`]}
                hint={
                  lang === 'en'
                    ? 'Required. Viewers see English where their language has no title.'
                    : 'Leave empty to show the English title.'
                }
              />
              <TextArea
                label={`Synopsis (${LANGUAGE_NAMES[lang]})`}
                value={texts[lang].synopsis}
                maxLength={4000}
                rows={4}
                onChange={(e) => {
                  setText(lang, 'synopsis', e.target.value);
                }}
                error={fields[`texts.${lang}.synopsis`]}
              />
            </div>
          )}
        </LanguageTabs>
        <div className="grid grid-cols-2 gap-4">
          <TextInput
            label="Accent color"
            placeholder="#c0392b"
            value={accentColor}
            onChange={(e) => {
              setAccentColor(e.target.value);
            }}
            error={fields.accentColor}
            hint="Tints the series page; empty for none."
          />
          <TextInput
            label="Whole-series price (coins)"
            type="number"
            min={1}
            value={seriesPrice}
            onChange={(e) => {
              setSeriesPrice(e.target.value);
            }}
            error={fields.seriesPrice}
            hint="Empty: 70 % of the locked episodes' prices."
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-700">Tags</legend>
          {fields.tagIds ? <p className="mb-2 text-sm text-red-600">{fields.tagIds}</p> : null}
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {(tags.data ?? []).map((tag) => (
              <Checkbox
                key={tag.id}
                label={tag.names.en ?? tag.slug}
                checked={tagIds.includes(tag.id)}
                onChange={(on) => {
                  setTagIds(on ? [...tagIds, tag.id] : tagIds.filter((t) => t !== tag.id));
                }}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save details'}
          </Button>
          {dirty ? (
            <span className="text-sm text-zinc-500">Unsaved changes</span>
          ) : update.isSuccess && !update.isPending ? (
            <span role="status" className="text-sm text-green-700">
              {series.status === 'published'
                ? 'Saved. Viewers see the change now.'
                : 'Saved. Viewers see it once the series is published.'}
            </span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
