import i18next from 'i18next';
import { LANGUAGE_STORAGE_KEY, readStored, writeStored } from '../storage';
import { DEFAULT_LANGUAGE, LANGUAGES, htmlLangFor, isLanguage, type Language } from './languages';
import { coreEn, lazyLocales, loadFullEnglish } from './resources';

export const i18n = i18next.createInstance();

/** The language to start with: a valid `?lang=` wins, then the stored choice, then English. */
export function resolveInitialLanguage(search: string): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) return fromUrl;
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = htmlLangFor(language);
}

let started: Promise<unknown> | undefined;

/**
 * Starts i18next once. A `?lang=` choice is remembered like a choice made in the chooser.
 * Resolves when the starting language's messages are loaded.
 */
export function initI18n(search = ''): Promise<unknown> {
  if (started) return started;
  const language = resolveInitialLanguage(search);
  if (new URLSearchParams(search).get('lang') === language) writeStored(LANGUAGE_STORAGE_KEY, language);
  i18n.on('languageChanged', syncDocumentLanguage);
  syncDocumentLanguage(language);
  started = i18n.use(lazyLocales).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    // A copy: merging the rest of English later extends the stored object in place.
    resources: { en: { translation: { ...coreEn } } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  return started;
}

let fullEnglish: Promise<void> | undefined;
let allMessagesWanted = false;

/**
 * Makes every message of the interface language available. English starts with the messages of the
 * layout and the home screen only; every other page waits for this before it renders. The other
 * languages always load whole.
 */
export function loadAllMessages(language: Language = currentLanguage()): Promise<void> {
  allMessagesWanted = true;
  if (language !== 'en') return Promise.resolve();
  fullEnglish ??= loadFullEnglish().then(
    (messages) => {
      i18n.addResourceBundle('en', 'translation', messages, true, true);
    },
    (error: unknown) => {
      fullEnglish = undefined;
      throw error;
    },
  );
  return fullEnglish;
}

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  writeStored(LANGUAGE_STORAGE_KEY, language);
  // Once a page beyond the home screen has been shown, English must come whole.
  if (language === 'en' && allMessagesWanted) await loadAllMessages('en');
  await i18n.changeLanguage(language);
}

/** The active interface language (English until i18next knows better). */
export function currentLanguage(): Language {
  const active = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(active) ? active : DEFAULT_LANGUAGE;
}
