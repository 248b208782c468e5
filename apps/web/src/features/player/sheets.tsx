import { lazy } from 'react';

// The sheets (and the dialog they use) load on first use, or once the episode plays: they are not
// needed for the first frame.
const loadEpisodeSheet = () => import('./episode-sheet');
const loadSettingsSheet = () => import('./settings-sheet');
const loadOneTapConfirm = () => import('./one-tap-confirm');
const loadInfoSheet = () => import('./info-sheet');
const loadLockedPanel = () => import('./locked-panel');

export const EpisodeSheet = lazy(() => loadEpisodeSheet().then((module) => ({ default: module.EpisodeSheet })));
export const SettingsSheet = lazy(() => loadSettingsSheet().then((module) => ({ default: module.SettingsSheet })));
// The paywall sheet too: the dialog it is drawn in stays out of the player's first chunks.
export const LockedPanel = lazy(() => loadLockedPanel().then((module) => ({ default: module.LockedPanel })));
export const InfoSheet = lazy(() => loadInfoSheet().then((module) => ({ default: module.InfoSheet })));
export const OneTapConfirm = lazy(() => loadOneTapConfirm().then((module) => ({ default: module.OneTapConfirm })));

/** Fetches the one-tap confirmation ahead of a tap (once the paywall offers one-tap buttons). */
export function preloadOneTapConfirm(): void {
  void loadOneTapConfirm().catch(() => undefined);
}

/** Fetches the sheets ahead of a tap. */
export function preloadSheets(): void {
  void loadEpisodeSheet().catch(() => undefined);
  void loadSettingsSheet().catch(() => undefined);
  void loadInfoSheet().catch(() => undefined);
  void loadLockedPanel().catch(() => undefined);
}
