// The catalog the first-frame benchmark plays: the demo catalog (4-second clips) plus one series of
// real-length episodes (90 s, 1080x1920, 30 fps, with motion, grain and speech-band audio) packaged by
// the product's own ingestion command. Packaging takes minutes, so the prepared data folder is kept
// under .tmp/ and reused while the packaging code and these settings stay the same.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, startProcess } from './lib';

export const REAL_LENGTH = { seconds: 90, width: 1080, height: 1920, fps: 30, episodes: 3 };
/** Demo episodes per series: enough for a free next episode; the whole demo is then ready in a minute or two. */
export const DEMO_EPISODES = 4;
export const REAL_SERIES_TITLE = 'Ninety Seconds';

interface EpisodeRow {
  number: number;
  free: boolean;
}

export async function apiData<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${url}: envelope ${String(body.code)}`);
  return body.data;
}

/** What decides the prepared folder: the packaging code, the demo seeder and the settings above. */
function catalogKey(): string {
  const hash = createHash('sha256').update(JSON.stringify({ REAL_LENGTH, DEMO_EPISODES, v: 1 }));
  for (const dir of ['apps/server/src/media', 'apps/server/src/modules/catalog/demo']) {
    for (const name of fs.readdirSync(path.join(repoRoot, dir)).sort()) {
      const file = path.join(repoRoot, dir, name);
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

function ffmpeg(args: string[]): void {
  const res = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error(`ffmpeg exited with ${String(res.status)}`);
}

/**
 * A source like a filmed episode as far as the encoder is concerned: moving test pattern under
 * temporal grain (every frame differs, as on a camera), and pink noise band-passed to the speech
 * band (300–3400 Hz) with a syllable-like tremolo, as AAC sees dialogue.
 */
function generateSource(outFile: string, episode: number): void {
  const { seconds, width, height, fps } = REAL_LENGTH;
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${String(width)}x${String(height)}:rate=${String(fps)}:duration=${String(seconds)},hue=h=${String(episode * 70)},noise=alls=10:allf=t`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.4:sample_rate=48000:duration=${String(seconds)},bandpass=f=1200:width_type=h:w=3100,tremolo=f=4:d=0.7`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-shortest',
    outFile,
  ]);
}

async function waitForDemo(url: string): Promise<void> {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const all = await apiData<{ items: { episodeCount: number }[] }>(`${url}/api/video?page=1&pageSize=50`).catch(
      () => null,
    );
    const items = all?.items ?? [];
    if (items.length > 0 && items.every((s) => s.episodeCount >= DEMO_EPISODES)) return;
    if (Date.now() > deadline) throw new Error('the demo catalog was not ready in time');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Builds (or reuses) the prepared data folder and returns a private copy of it for one run. */
export async function prepareCatalog(serverScript: string): Promise<string> {
  const cacheRoot = path.join(repoRoot, '.tmp/bench');
  const prepared = path.join(cacheRoot, `first-frame-catalog-${catalogKey()}`);
  if (!fs.existsSync(path.join(prepared, '.ready'))) {
    fs.rmSync(prepared, { recursive: true, force: true });
    for (const old of fs.existsSync(cacheRoot) ? fs.readdirSync(cacheRoot) : [])
      if (old.startsWith('first-frame-catalog-'))
        fs.rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
    fs.mkdirSync(prepared, { recursive: true });
    console.log('preparing the catalog (once per packaging change): demo catalog…');
    const seeding = await startProcess(serverScript, {
      DATA_DIR: prepared,
      DEMO_CATALOG: 'true',
      DEMO_EPISODES_PER_SERIES: String(DEMO_EPISODES),
    });
    try {
      await waitForDemo(seeding.url);
    } finally {
      await seeding.stop();
    }
    const sources = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-real-length-'));
    try {
      for (let n = 1; n <= REAL_LENGTH.episodes; n++) {
        console.log(`real-length episode ${String(n)}: generating a ${String(REAL_LENGTH.seconds)} s source…`);
        generateSource(path.join(sources, `episode-${String(n)}.mp4`), n);
      }
      console.log('packaging them with the ingestion command…');
      const res = spawnSync(
        process.execPath,
        [
          path.join(repoRoot, 'apps/server/dist/ingest.js'),
          sources,
          '--series',
          REAL_SERIES_TITLE,
          '--free',
          String(REAL_LENGTH.episodes),
          '--publish',
        ],
        { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DATA_DIR: prepared, LOG_LEVEL: 'warn' } },
      );
      if (res.status !== 0) throw new Error('ingesting the real-length episodes failed');
    } finally {
      fs.rmSync(sources, { recursive: true, force: true });
    }
    fs.writeFileSync(path.join(prepared, '.ready'), new Date().toISOString());
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-first-frame-'));
  fs.cpSync(prepared, copy, { recursive: true });
  fs.rmSync(path.join(copy, '.ready'));
  return copy;
}

export interface Targets {
  demo: number;
  realLength: number;
}

/**
 * The demo series to play (first three episodes free, shown on Home), the real-length one, and
 * whether Home links the latter (the "from home" run taps it there).
 */
export async function findTargets(url: string): Promise<Targets & { realLengthOnHome: boolean }> {
  const home = await apiData<{ featured: { id: number }[]; sections: { items: { id: number }[] }[] }>(
    `${url}/api/homepage`,
  );
  const onHome = new Set(
    [...home.featured, ...home.sections.flatMap((section) => section.items)].map((series) => series.id),
  );
  const all = await apiData<{ items: { id: number; title: string }[] }>(`${url}/api/video?page=1&pageSize=50`);
  const real = all.items.find((s) => s.title === REAL_SERIES_TITLE);
  if (!real) throw new Error(`the series "${REAL_SERIES_TITLE}" is missing`);
  for (const { id } of all.items.filter((s) => s.id !== real.id && onHome.has(s.id))) {
    const episodes = await apiData<EpisodeRow[]>(`${url}/api/video/episode?seriesId=${String(id)}`);
    const free = new Set(episodes.filter((e) => e.free).map((e) => e.number));
    if (free.has(1) && free.has(2) && free.has(3))
      return { demo: id, realLength: real.id, realLengthOnHome: onHome.has(real.id) };
  }
  throw new Error('no demo series on Home has three free episodes');
}
