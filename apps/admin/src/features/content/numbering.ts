/**
 * Episode numbering as viewers meet it. Viewers see a series' published episodes in number order,
 * so a draft or archived episode between two published ones is a hole in the story (1, 2, 4).
 * These checks warn; the operator may still go ahead (an episode held back on purpose).
 */
export interface NumberedEpisode {
  id: number;
  number: number;
  status: 'draft' | 'published' | 'archived';
}

const list = (numbers: number[]) =>
  numbers.length === 1
    ? `episode ${numbers[0]}`
    : `episodes ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;

/** Numbers in 1..max that no episode of the list carries. */
function missing(numbers: number[]): number[] {
  const have = new Set(numbers);
  const max = Math.max(0, ...numbers);
  const holes: number[] = [];
  for (let n = 1; n <= max; n++) if (!have.has(n)) holes.push(n);
  return holes;
}

/** What is wrong with a series' numbering, one plain sentence each (empty when nothing is). */
export function numberingWarnings(episodes: readonly NumberedEpisode[]): string[] {
  const warnings: string[] = [];
  const all = episodes.map((e) => e.number);
  const twice = [...new Set(all.filter((n, i) => all.indexOf(n) !== i))];
  if (twice.length > 0) warnings.push(`More than one episode is numbered ${twice.join(', ')}.`);
  const absent = missing(all);
  if (absent.length > 0) warnings.push(`There is no ${list(absent)}: the numbering has a gap.`);
  const live = episodes.filter((e) => e.status === 'published').map((e) => e.number);
  const hidden = missing(live).filter((n) => !absent.includes(n));
  if (hidden.length > 0)
    warnings.push(
      `Viewers see episodes ${[...live].sort((a, b) => a - b).join(', ')}: ${list(hidden)} ${hidden.length === 1 ? 'is' : 'are'} not published, so they skip from one number to a later one.`,
    );
  return warnings;
}

/** Publishing this episode would leave earlier numbers unpublished: a sentence saying which, else null. */
export function publishGapWarning(episodes: readonly NumberedEpisode[], episodeId: number): string | null {
  const target = episodes.find((e) => e.id === episodeId);
  if (!target) return null;
  const live = new Set(episodes.filter((e) => e.status === 'published').map((e) => e.number));
  const before: number[] = [];
  for (let n = 1; n < target.number; n++) if (!live.has(n)) before.push(n);
  if (before.length === 0) return null;
  const one = before.length === 1;
  const names = list(before);
  return `${names[0]!.toUpperCase()}${names.slice(1)} ${one ? 'is' : 'are'} not published: viewers would see episode ${target.number} without ${one ? 'it' : 'them'}.`;
}

/** Taking this episode out (unpublish or archive) while later ones stay published leaves viewers a gap. */
export function leaveGapWarning(episodes: readonly NumberedEpisode[], episodeId: number): string | null {
  const target = episodes.find((e) => e.id === episodeId);
  if (target?.status !== 'published') return null;
  const later = episodes.filter((e) => e.status === 'published' && e.number > target.number).map((e) => e.number);
  if (later.length === 0) return null;
  return `Episodes after it stay published: viewers would see episode ${Math.min(...later)} without episode ${target.number}.`;
}
