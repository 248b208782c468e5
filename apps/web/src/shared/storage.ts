import type { StorageKey as ContractStorageKey } from '@episodic/contract';

/**
 * Local storage keys of the specification (§3). Mirrored from the contract instead of imported so
 * the viewer bundle never pulls in the contract's schema library; `satisfies` keeps them identical.
 */
export const StorageKey = {
  refererToken: 'xUserRefererToken',
  userToken: 'userToken',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
  userId: 'userid',
} as const satisfies typeof ContractStorageKey;

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
