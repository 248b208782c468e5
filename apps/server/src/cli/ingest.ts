import fs from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '../env';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import {
  configureMediaTools,
  createStorage,
  ingestEpisode,
  subtitleLanguage,
  type IngestProgress,
  type SubtitleSource,
} from '../media/index';
import { findOrCreateSeries, publishEpisodes, upsertEpisode } from './ingest-catalog.repository';
import { argValue, runCli } from './run-cli';

const USAGE =
  'usage: npm run ingest -- <file|folder> --series <id|new title> [--start N] [--free N] [--cost N] [--subtitles <folder>] [--publish] [--force]';

const VIDEO_EXTENSIONS = new Set([
  '.mp4',
  '.m4v',
  '.mov',
  '.mkv',
  '.webm',
  '.avi',
  '.ts',
  '.mts',
  '.m2ts',
  '.mpg',
  '.mpeg',
  '.flv',
  '.3gp',
  '.wmv',
  '.ogv',
]);
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function wholeNumber(args: string[], name: string, min: number): number | undefined {
  const raw = argValue(args, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`--${name} takes a whole number ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

/** The video files to ingest: the file given, or a folder's video files in natural order (ep2 before ep10). */
async function videoFiles(target: string): Promise<string[]> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) throw new Error(`${target} does not exist`);
  if (stat.isFile()) return [path.resolve(target)];
  const names = (await fs.readdir(target)).filter(
    (n) => !n.startsWith('.') && VIDEO_EXTENSIONS.has(path.extname(n).toLowerCase()),
  );
  if (names.length === 0) throw new Error(`${target} holds no video files (${[...VIDEO_EXTENSIONS].join(' ')})`);
  return names.sort(natural.compare).map((n) => path.resolve(target, n));
}

/** Subtitles named `<video basename>.<language>.vtt|srt` in `folder` (fr/de map to the product's fy/dy). */
async function subtitlesFor(folder: string | undefined, video: string): Promise<SubtitleSource[]> {
  if (!folder) return [];
  const base = path.basename(video, path.extname(video));
  const found: SubtitleSource[] = [];
  for (const name of await fs.readdir(folder)) {
    const match = /^(.*)\.([A-Za-z]{2})\.(vtt|srt)$/i.exec(name);
    if (!match || match[1] !== base) continue;
    const language = subtitleLanguage(match[2]!);
    if (!language) throw new Error(`${name}: unknown subtitle language "${match[2]}" (use en, es, fr, de or pt)`);
    found.push({ language, file: path.join(folder, name) });
  }
  return found;
}

function progressLine(label: string, p: IngestProgress): string {
  const width = 24;
  const filled = Math.round((p.percent / 100) * width);
  return `\r  ${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(p.percent).padStart(3)}% ${p.stage.padEnd(10)}`;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

runCli(async () => {
  const args = process.argv.slice(2);
  const valueFlags = new Set(['--series', '--start', '--free', '--cost', '--subtitles']);
  const target = args.find((a, i) => !a.startsWith('--') && !valueFlags.has(args[i - 1] ?? ''));
  const seriesArg = argValue(args, 'series');
  if (!target || !seriesArg) throw new Error(USAGE);
  const start = wholeNumber(args, 'start', 1) ?? 1;
  const freeCount = wholeNumber(args, 'free', 0);
  const cost = wholeNumber(args, 'cost', 0);
  const subtitlesDir = argValue(args, 'subtitles');
  if (subtitlesDir && !(await fs.stat(subtitlesDir).catch(() => null))?.isDirectory())
    throw new Error(`--subtitles: ${subtitlesDir} is not a folder`);
  const files = await videoFiles(target);

  const env = loadEnv();
  configureMediaTools(env);
  const storage = createStorage(env.storage);
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    poolSize: 2,
    connectTimeoutMs: env.dbConnectTimeoutMs,
  });
  const failures: string[] = [];
  try {
    await migrateToLatest(database.db as never);
    const { db } = database;
    const series = await findOrCreateSeries(db, seriesArg);
    console.log(
      `${series.created ? 'New draft series' : 'Series'} ${series.id} "${series.title}": ${files.length} episode(s) from ${start}`,
    );
    const ready: number[] = [];
    const tty = process.stdout.isTTY;
    for (const [i, file] of files.entries()) {
      const number = start + i;
      const label = `EP ${String(number).padStart(3)}`;
      const name = path.basename(file);
      const startedAt = Date.now();
      try {
        const episodeId = await upsertEpisode(db, series.id, number, {
          ...(freeCount !== undefined ? { free: number <= freeCount } : {}),
          ...(cost !== undefined ? { unlockCost: cost } : {}),
        });
        const result = await ingestEpisode({
          db,
          storage,
          episodeId,
          input: file,
          subtitles: await subtitlesFor(subtitlesDir, file),
          force: args.includes('--force'),
          onProgress: tty ? (p) => process.stdout.write(progressLine(label, p)) : undefined,
        });
        ready.push(episodeId);
        const what =
          result.status === 'skipped'
            ? 'unchanged, skipped'
            : `${result.renditions.map((r) => r.name).join('/')}, ${duration(result.durationMs)}`;
        const subs = result.subtitles.length ? `, subtitles ${result.subtitles.map((s) => s.language).join(' ')}` : '';
        console.log(
          `${tty ? '\r\x1b[2K' : ''}  ${label} ok   ${name} (episode ${episodeId}: ${what}${subs}; ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
        );
      } catch (err) {
        const message = (err as Error).message;
        failures.push(`${name}: ${message}`);
        console.log(`${tty ? '\r\x1b[2K' : ''}  ${label} FAIL ${name}: ${message}`);
      }
    }
    if (args.includes('--publish')) {
      await publishEpisodes(db, series.id, ready);
      if (ready.length) console.log(`Published ${ready.length} episode(s) and series ${series.id}.`);
    }
  } finally {
    await database.close();
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${files.length} episode(s) failed (first: ${failures[0]})`);
});
