// Ingestion throughput: seconds of video packaged per second of wall time by ingestEpisode()
// (probe, hash, ladder, poster, encryption, upload to local storage, publish) against one plain
// ffmpeg command making the same 3-rung ladder (no poster, encryption or upload), both on the same
// generated 30-second 1080x1920 source in the same run; plus the demo-catalog path (generate a
// 4-second clip and ingest it, two at a time). Usage: npx tsx bench/run.ts ingest [-- --runs N]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../apps/server/src/db/connection';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import {
  buildPackagingArgs,
  DEMO_INGEST_OPTIONS,
  chooseLadder,
  generateDemoClip,
  ingestEpisode,
  LocalStorage,
  mapConcurrent,
  mediaTools,
  probeMedia,
} from '../apps/server/src/media/index';
import { writeResults } from './lib';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const SOURCE_SECONDS = 30;
const DEMO_CLIPS = 12;
const DEMO_SECONDS = 4;
const DEMO_CONCURRENCY = 2;
const DEMO_CLIP_FPS = 24;

/** CPU seconds used by this process's finished children (ffmpeg), from /proc (Linux). */
function childCpuSeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime are fields 16 and 17 of stat (14 and 15 after the command name).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ wallSeconds: number; cpuSeconds: number; value: T }> {
  const cpu0 = childCpuSeconds() + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  const t0 = performance.now();
  const value = await fn();
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpu1 = childCpuSeconds() + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  return { wallSeconds: round(wallSeconds), cpuSeconds: round(cpu1 - cpu0), value };
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

function ffmpegCommand(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(mediaTools().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-ingest-'));
try {
  const { ffmpeg } = mediaTools();
  console.log(`ffmpeg: ${ffmpeg}`);
  const source = path.join(work, 'source-1080x1920.mp4');
  console.log(`generating a ${SOURCE_SECONDS} s 1080x1920 source...`);
  await generateDemoClip({
    outFile: source,
    seconds: SOURCE_SECONDS,
    title: 'Benchmark Source',
    episodeNumber: 1,
    hue: 20,
    toneHz: 440,
    width: 1080,
    height: 1920,
    fps: 30,
  });
  const probe = await probeMedia(source);
  const rungs = chooseLadder(probe.width, probe.height);

  const database = await openPglite('memory://');
  await migrateToLatest(database.db as never);
  const { db } = database;
  const storage = new LocalStorage(path.join(work, 'media'));
  const { id: seriesId } = await db
    .insertInto('series')
    .values({ status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  let episodeNumber = 0;
  const newEpisode = async () =>
    (
      await db
        .insertInto('episodes')
        .values({ series_id: seriesId, number: ++episodeNumber })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const plain: { wallSeconds: number; cpuSeconds: number }[] = [];
  const ingest: { wallSeconds: number; cpuSeconds: number }[] = [];
  const runPlain = async (run: number) => {
    // The same ladder, encoder settings and segmenting as ingestion, in one ffmpeg command: the floor.
    const outDir = path.join(work, `plain-${run}`);
    const p = await timed(() =>
      ffmpegCommand(buildPackagingArgs({ input: source, probe, rungs, outDir, images: false })),
    );
    fs.rmSync(outDir, { recursive: true, force: true });
    plain.push({ wallSeconds: p.wallSeconds, cpuSeconds: p.cpuSeconds });
    return p.wallSeconds;
  };
  const runIngest = async () => {
    const episodeId = await newEpisode();
    const i = await timed(() => ingestEpisode({ db, storage, episodeId, input: source }));
    ingest.push({ wallSeconds: i.wallSeconds, cpuSeconds: i.cpuSeconds });
    return i.wallSeconds;
  };
  for (let run = 1; run <= runs; run++) {
    // Alternate which goes first, so a neighbour's burst does not always hit the same one.
    const [p, i] = run % 2 === 1 ? [await runPlain(run), await runIngest()] : [undefined, await runIngest()];
    const plainWall = p ?? (await runPlain(run));
    console.log(`run ${run}: plain ffmpeg ${plainWall} s, ingestEpisode() ${i} s`);
  }
  // The median run: on a shared machine single runs swing with the neighbours' load.
  const median = (list: { wallSeconds: number; cpuSeconds: number }[]) => {
    const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return { wallSeconds: mid(list.map((r) => r.wallSeconds)), cpuSeconds: mid(list.map((r) => r.cpuSeconds)) };
  };
  const plainBest = median(plain);
  const ingestBest = median(ingest);
  const plainSpeed = round(SOURCE_SECONDS / plainBest.wallSeconds, 2);
  const ingestSpeed = round(SOURCE_SECONDS / ingestBest.wallSeconds, 2);
  const ratio = round(ingestSpeed / plainSpeed, 2);

  // The demo catalog's path: generate a short clip and ingest it (ultrafast, one thread), two at a time.
  const demoWork = path.join(work, 'demo');
  const demoEpisodes = await Promise.all(Array.from({ length: DEMO_CLIPS }, () => newEpisode()));
  const demo = await timed(() =>
    mapConcurrent(demoEpisodes, DEMO_CONCURRENCY, async (episodeId, i) => {
      const file = path.join(demoWork, `clip-${i}.mp4`);
      await generateDemoClip({
        outFile: file,
        seconds: DEMO_SECONDS,
        title: 'A Demo Series Title',
        episodeNumber: i + 1,
        hue: (i * 47) % 360,
        toneHz: 300 + i * 10,
        fps: DEMO_CLIP_FPS,
      });
      await ingestEpisode({ db, storage, episodeId, input: file, ...DEMO_INGEST_OPTIONS });
    }),
  );
  await database.close();

  const results = {
    benchmark: 'ingest',
    command: 'npx tsx bench/run.ts ingest',
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage: os.loadavg().map((l) => round(l, 2)),
    },
    source: {
      seconds: SOURCE_SECONDS,
      width: probe.width,
      height: probe.height,
      fps: probe.fps,
      renditions: rungs.map((r) => r.name),
    },
    plainFfmpeg: {
      command: [
        'ffmpeg',
        ...buildPackagingArgs({ input: 'source.mp4', probe, rungs, outDir: 'out', images: false }),
      ].join(' '),
      runs: plain,
      median: plainBest,
      videoSecondsPerSecond: plainSpeed,
    },
    ingestEpisode: { runs: ingest, median: ingestBest, videoSecondsPerSecond: ingestSpeed },
    ratio,
    cpuRatio: round(plainBest.cpuSeconds / ingestBest.cpuSeconds, 2),
    demoClips: {
      clips: DEMO_CLIPS,
      seconds: DEMO_SECONDS,
      fps: DEMO_CLIP_FPS,
      ingest: DEMO_INGEST_OPTIONS,
      concurrency: DEMO_CONCURRENCY,
      wallSeconds: demo.wallSeconds,
      cpuSeconds: demo.cpuSeconds,
      wallSecondsPerClip: round(demo.wallSeconds / DEMO_CLIPS),
      cpuSecondsPerClip: round(demo.cpuSeconds / DEMO_CLIPS),
    },
  };
  console.table({
    'plain ffmpeg ladder': {
      'wall s': plainBest.wallSeconds,
      'cpu s': plainBest.cpuSeconds,
      'video s per s': plainSpeed,
    },
    'ingestEpisode()': {
      'wall s': ingestBest.wallSeconds,
      'cpu s': ingestBest.cpuSeconds,
      'video s per s': ingestSpeed,
    },
  });
  console.log(`ingestEpisode() runs at ${ratio}x the speed of the plain ffmpeg command`);
  console.log(
    `demo clips: ${results.demoClips.wallSecondsPerClip} s wall per ${DEMO_SECONDS}-second clip (generate + ingest, ${DEMO_CONCURRENCY} at a time)`,
  );
  console.log(`written to ${writeResults('ingest', results)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
