import { StorageKey } from '@episodic/contract/constants';

/** Local storage keys of the specification (§3). */
export { StorageKey };

/** Key of the chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'language';

// Storage can throw (disabled storage, private modes, quota); the product must keep working without it.

export function readStored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives only for this page view.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}
