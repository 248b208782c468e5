import type { User } from '@episodic/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { currentUserKey } from '../session/current-user';
import { currentLanguage, setLanguage } from './i18n';

// Loaded on demand (a choice in the header, a sign-in): the first load carries none of it.

/** Session storage: the viewer chose a language in the header during this visit (the tab's session). */
const CHOSEN_KEY = 'languageChosen';

function readFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(key, '1');
    else window.sessionStorage.removeItem(key);
  } catch {
    // Without storage the choice lives only as long as this page view.
  }
}

/** Saves the account's language; answers the user as it now is (as it was when that fails). */
function saveLanguage(queryClient: QueryClient, user: User, language: Language): Promise<User> {
  if (user.isGuest || user.language === language) return Promise.resolve(user);
  return api.post('/api/user/profile', { body: { language } }).then(
    (saved) => {
      queryClient.setQueryData(currentUserKey, saved);
      return saved;
    },
    () => user,
  );
}

type Language = User['language'];

/**
 * The header's choice: a signed-in viewer's account takes it, so the emails it gets follow. A guest's
 * choice stays on the device and is remembered for the visit: signing in keeps it (see below).
 */
export default function saveAccountLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  writeFlag(CHOSEN_KEY, true);
  const user = queryClient.getQueryData<User>(currentUserKey);
  return user ? saveLanguage(queryClient, user, language).then(() => undefined) : Promise.resolve();
}

/**
 * After a sign-in (password, reset link; Facebook's return is the server's, see facebook.routes.ts): a language chosen in the header during this visit
 * stays and becomes the account's; otherwise the interface switches to the language the account saved.
 * The choice counts for this sign-in only: a later one follows its own account. Resolves (to the user as it
 * now is) once the interface speaks the language, so what the sign-in then says is in it.
 */
export async function followAccountLanguage(queryClient: QueryClient, user: User): Promise<User> {
  if (user.isGuest) return user;
  const chosen = readFlag(CHOSEN_KEY);
  writeFlag(CHOSEN_KEY, false);
  if (chosen) return saveLanguage(queryClient, user, currentLanguage());
  if (user.language !== currentLanguage()) await setLanguage(user.language).catch(() => undefined);
  return user;
}

/** Whether the viewer chose a language in the header during this visit (Facebook's sign-in passes it on). */
export function choseLanguageThisVisit(): boolean {
  return readFlag(CHOSEN_KEY);
}
