import type { BackendModule, ReadCallback } from 'i18next';
// Only the sections the layout and the home screen need travel in the first load; the rest of English
// (accounts, library, search, help, …) loads with the first other page (`loadAllMessages`).
import { app, catalog, categories, empty, errors, footer, home, list, nav, pages } from './locales/en.json';
import type * as english from './locales/en.json';
import type { Language } from './languages';

/** The shape of all messages (English is the reference). */
export type Messages = Omit<typeof english, 'default'>;

/** English messages of the layout and the home screen. */
export const coreEn = { app, catalog, categories, empty, errors, footer, home, list, nav, pages };
// Pure: the app never reads it (tests do), so it stays out of the first load.
export const CORE_SECTIONS = /* @__PURE__ */ Object.freeze(Object.keys(coreEn)) as readonly (keyof typeof coreEn)[];

// The other languages load whole, on demand.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('./locales/es.json'),
  fy: () => import('./locales/fy.json'),
  dy: () => import('./locales/dy.json'),
  pt: () => import('./locales/pt.json'),
};

/**
 * All English messages. Imported as text (`?raw`): a second import of the JSON module itself would
 * pull the whole file into the first load next to the core sections.
 */
export async function loadFullEnglish(): Promise<Messages> {
  const module = await import('./locales/en.json?raw');
  return JSON.parse(module.default) as Messages;
}

/** i18next backend that code-splits the translation files. */
export const lazyLocales: BackendModule = {
  type: 'backend',
  init() {
    // No options.
  },
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load =
      language === 'en'
        ? () => loadFullEnglish().then((messages) => ({ default: messages }))
        : loaders[language as Exclude<Language, 'en'>];
    if (!(load as (() => Promise<{ default: unknown }>) | undefined)) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => {
        callback(null, module.default as Messages);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};
