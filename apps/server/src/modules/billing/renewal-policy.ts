const HOUR = 60 * 60 * 1000;
/** Waits between attempts after a failed renewal; after the last, the membership lapses. */
export const RENEWAL_BACKOFF_MS = [1 * HOUR, 6 * HOUR, 24 * HOUR];

/**
 * When a membership whose renewal failed for the `attempts`-th time is tried again, or null when it
 * lapses: after the last wait, or at once when the card needs its holder (a challenge no job can pass).
 */
export function renewalRetryAt(attempts: number, needsBuyer: boolean, now: Date): Date | null {
  if (needsBuyer || attempts > RENEWAL_BACKOFF_MS.length - 1) return null;
  return new Date(now.getTime() + RENEWAL_BACKOFF_MS[attempts - 1]!);
}
