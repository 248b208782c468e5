import { lazy } from 'react';

// The sheets (and the dialog they use) load on first use, or once the episode plays: they are not
// needed for the first frame.
const loadEpisodeSheet = () => import('./episode-sheet');
const loadSettingsSheet = () => import('./settings-sheet');
const loadOneTapConfirm = () => import('./one-tap-confirm');

export const EpisodeSheet = lazy(() => loadEpisodeSheet().then((module) => ({ default: module.EpisodeSheet })));
export const SettingsSheet = lazy(() => loadSettingsSheet().then((module) => ({ default: module.SettingsSheet })));
export const OneTapConfirm = lazy(() => loadOneTapConfirm().then((module) => ({ default: module.OneTapConfirm })));

/** Fetches the one-tap confirmation ahead of a tap (once the paywall offers one-tap buttons). */
export function preloadOneTapConfirm(): void {
  void loadOneTapConfirm().catch(() => undefined);
}

/** Fetches both sheets ahead of a tap. */
export function preloadSheets(): void {
  void loadEpisodeSheet().catch(() => undefined);
  void loadSettingsSheet().catch(() => undefined);
}
