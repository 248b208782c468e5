// How many times a viewer pressed "Try again" on a page's error screen: a page whose code failed to
// load (offline) loads anew at its first render after a press (routes.tsx `lazyPage`).
let retries = 0;

/** "Try again" on a page's error screen: a page whose code failed to load loads anew at its next render. */
export function retryFailedPages(): void {
  retries++;
}

/** The current count of presses (part of what tells one visit of a page from the next). */
export const pageRetries = (): number => retries;
