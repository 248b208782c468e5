import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { htmlLangFor, isLanguage, type Language } from '../../shared/i18n/languages';
import { Dialog } from '../../shared/ui/dialog';

/** Playback speeds offered. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

interface Option<T> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T> {
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  note?: ReactNode;
}

/** A set of radio buttons shown as pills. */
export function ChoiceGroup<T extends string | number | null>({
  legend,
  options,
  value,
  onChange,
  note,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={String(option.value)}
            className="relative inline-flex min-h-10 cursor-pointer items-center rounded-full bg-surface-2 px-4 text-sm text-fg ring-1 ring-white/10 has-checked:bg-accent has-checked:font-semibold has-checked:text-black has-checked:ring-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option.value === value}
              onChange={() => {
                onChange(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      {note ? <p className="text-xs text-fg-subtle">{note}</p> : null}
    </fieldset>
  );
}

/** A language's own name in the interface language ("fy" is French, "dy" German). */
export function subtitleLanguageName(code: string, uiLanguage: Language): string {
  const tag = isLanguage(code) ? htmlLangFor(code) : code;
  try {
    const names = new Intl.DisplayNames([htmlLangFor(uiLanguage)], { type: 'language' });
    const name = names.of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(htmlLangFor(uiLanguage)) + name.slice(1) : code;
  } catch {
    return code;
  }
}

export function speedLabel(rate: number): string {
  return `${String(rate)}×`;
}

interface SettingsSheetProps {
  rate: number;
  onRate: (rate: number) => void;
  /** Rendition heights, best first; empty where the browser picks by itself (native HLS). */
  qualities: readonly number[];
  /** Locked height, or null for automatic. */
  quality: number | null;
  /** Height playing now, shown next to "Auto". */
  activeHeight: number | null;
  onQuality: (height: number | null) => void;
  /** Subtitle languages of this episode. */
  subtitleLanguages: readonly string[];
  subtitles: string | null;
  onSubtitles: (language: string | null) => void;
  uiLanguage: Language;
  onClose: () => void;
}

/** Speed, quality and subtitles in one bottom sheet. */
export function SettingsSheet(props: SettingsSheetProps) {
  const { t } = useTranslation();
  const {
    rate,
    onRate,
    qualities,
    quality,
    activeHeight,
    onQuality,
    subtitleLanguages,
    subtitles,
    onSubtitles,
    uiLanguage,
    onClose,
  } = props;
  const autoLabel =
    quality === null && activeHeight
      ? t('player.qualityAutoActive', { height: activeHeight })
      : t('player.qualityAuto');
  const qualityOptions: Option<number | null>[] = [
    { value: null, label: autoLabel },
    ...qualities.map((height) => ({ value: height, label: t('player.qualityValue', { height }) })),
  ];
  const subtitleOptions: Option<string | null>[] = [
    { value: null, label: t('player.subtitlesOff') },
    ...subtitleLanguages.map((language) => ({ value: language, label: subtitleLanguageName(language, uiLanguage) })),
  ];
  return (
    <Dialog title={t('player.settings')} onClose={onClose}>
      <div className="flex flex-col gap-6">
        <ChoiceGroup
          legend={t('player.speed')}
          options={SPEEDS.map((value) => ({ value, label: speedLabel(value) }))}
          value={rate}
          onChange={onRate}
        />
        <ChoiceGroup
          legend={t('player.quality')}
          options={qualityOptions}
          value={quality}
          onChange={onQuality}
          note={qualities.length === 0 ? t('player.qualityByBrowser') : undefined}
        />
        <ChoiceGroup
          legend={t('player.subtitles')}
          options={subtitleOptions}
          value={subtitles}
          onChange={onSubtitles}
          note={subtitleLanguages.length === 0 ? t('player.noSubtitles') : undefined}
        />
      </div>
    </Dialog>
  );
}
