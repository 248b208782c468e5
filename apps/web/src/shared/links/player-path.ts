/** Whether an address is a player page (`/videos/{id}`), which covers the whole screen. */
export function isPlayerPath(pathname: string): boolean {
  return pathname.startsWith('/videos/');
}

/** The series of a player page address (`/videos/{id}`, the pattern index.html also matches), or null. */
export function playerSeriesId(pathname: string): number | null {
  const match = /^\/videos\/([1-9][0-9]{0,8})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}
