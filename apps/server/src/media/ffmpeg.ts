import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** The ffmpeg and ffprobe binaries the media pipeline runs. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const DEBIAN = { ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' };
const NPM_PACKAGES = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };

let configured: Partial<MediaTools> = {};
let resolved: MediaTools | null = null;

/** Sets explicit binaries (FFMPEG_PATH / FFPROBE_PATH); unset ones are found as usual. */
export function configureMediaTools(paths: { ffmpegPath?: string | null; ffprobePath?: string | null }): void {
  configured = {
    ...(paths.ffmpegPath ? { ffmpeg: paths.ffmpegPath } : {}),
    ...(paths.ffprobePath ? { ffprobe: paths.ffprobePath } : {}),
  };
  resolved = null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fromNpmPackage(tool: 'ffmpeg' | 'ffprobe'): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { path: binary } = require(NPM_PACKAGES[tool]) as { path: string };
    if (!fs.existsSync(binary)) return null;
    // npm may have skipped the package's install script that marks the binary executable.
    if (!isExecutable(binary)) fs.chmodSync(binary, 0o755);
    return binary;
  } catch {
    return null;
  }
}

function find(tool: 'ffmpeg' | 'ffprobe'): string {
  const explicit = configured[tool];
  if (explicit) return explicit;
  if (isExecutable(DEBIAN[tool])) return DEBIAN[tool];
  const shipped = fromNpmPackage(tool);
  if (shipped) return shipped;
  throw new Error(
    `${tool} was not found: install Debian's ffmpeg package (apt-get install ffmpeg), or set ${tool.toUpperCase()}_PATH`,
  );
}

/** Debian's ffmpeg/ffprobe when present, else the npm packages' binaries; explicit paths win. */
export function mediaTools(): MediaTools {
  resolved ??= { ffmpeg: find('ffmpeg'), ffprobe: find('ffprobe') };
  return resolved;
}

/** A failed ffmpeg or ffprobe run, with the end of what it wrote to stderr. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  /** Called with each `-progress` block (key=value lines) ffmpeg writes to stdout. */
  onProgressBlock?: (values: Map<string, string>) => void;
  /** Collect stdout (for ffprobe) instead of parsing progress. */
  captureStdout?: boolean;
  signal?: AbortSignal;
}

const STDERR_KEEP = 16 * 1024;

/** Runs a tool to completion; rejects with FfmpegError (stderr tail included) on a non-zero exit. */
export function runTool(
  binary: string,
  args: readonly string[],
  opts: RunOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new Error('Cancelled'));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const stdout: Buffer[] = [];
    let pending = '';
    let block = new Map<string, string>();
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.captureStdout) {
        stdout.push(chunk);
        return;
      }
      if (!opts.onProgressBlock) return;
      pending += chunk.toString('utf8');
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        const eq = line.indexOf('=');
        if (eq <= 0) continue;
        const key = line.slice(0, eq);
        block.set(key, line.slice(eq + 1));
        if (key === 'progress') {
          opts.onProgressBlock(block);
          block = new Map();
        }
      }
    });
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`Could not run ${binary}: ${err.message}`, '', null));
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(new Error('Cancelled'));
      if (code === 0) return resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr });
      reject(new FfmpegError(`${binary} exited with code ${code}: ${lastMeaningfulLine(stderr)}`, stderr, code));
    });
  });
}

/** The last line of ffmpeg's stderr that says something (skipping blank and summary lines). */
export function lastMeaningfulLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^(Conversion failed!|frame=|size=|video:|\[out#)/.test(l));
  return (lines.at(-1) ?? 'no details').replace(/^\[[^\]]+ @ 0x[0-9a-f]+\]\s*/, '').slice(0, 300);
}

/** Runs ffmpeg with `-progress pipe:1` and reports the fraction of `durationSec` written so far. */
export async function runFfmpeg(
  args: readonly string[],
  opts: { durationSec?: number; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const { durationSec, onProgress } = opts;
  await runTool(
    mediaTools().ffmpeg,
    ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args],
    {
      signal: opts.signal,
      onProgressBlock: (values) => {
        if (!onProgress || !durationSec) return;
        // out_time_us is in microseconds; old builds only write out_time_ms, which is microseconds too.
        const micros = Number(values.get('out_time_us') ?? values.get('out_time_ms'));
        if (values.get('progress') === 'end') onProgress(1);
        else if (Number.isFinite(micros) && micros > 0) onProgress(Math.min(1, micros / 1e6 / durationSec));
      },
    },
  );
}

/** Runs ffprobe and parses its JSON answer. */
export async function runFfprobe<T>(args: readonly string[], signal?: AbortSignal): Promise<T> {
  const { stdout } = await runTool(mediaTools().ffprobe, ['-v', 'error', '-of', 'json', ...args], {
    captureStdout: true,
    signal,
  });
  return JSON.parse(stdout) as T;
}
