/**
 * The viewer app's client routes (React Router paths: `:id` is one segment), so the server can answer
 * 404 for any other address while still serving the app, which draws its not-found page there.
 * `apps/web/src/app/routes.test.tsx` checks that the app's route table is exactly this list.
 */
export const VIEWER_ROUTES = [
  '',
  'forYou',
  'browse/:id',
  'more/:id',
  'videos/:id',
  'individual',
  'my',
  'login',
  'retrievePassword',
  'register',
  'favorites',
  'historys',
  'unlocked',
  'wallet',
  'search',
  'searchDetail/:id',
  'shopping',
  'privacyPolicy',
  'refundPolicy',
  'serviceAgreement',
  'contentPolicy',
  'commonQuestions',
  'contactUs',
  'order/result',
  'order/easy',
] as const;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether an address's path is one of the app's routes, matched as React Router does: letter case
 * ignored, one trailing slash allowed, `:id` any one non-empty segment (an encoded `/` stays inside it).
 */
export function isViewerRoute(path: string): boolean {
  const raw = path.split(/[?#]/, 1)[0] ?? '';
  const segments = raw.replace(/^\/+/, '').replace(/\/$/, '').split('/');
  const parts = segments.length === 1 && segments[0] === '' ? [] : segments.map((s) => decoded(s).toLowerCase());
  // Split here, not at module level: an app importing this entry for other values keeps none of it.
  return VIEWER_ROUTES.map((route) => (route === '' ? [] : route.toLowerCase().split('/'))).some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((literal, i) => (literal === ':id' ? parts[i] !== '' : literal === parts[i])),
  );
}
