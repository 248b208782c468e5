import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  FOR_YOU_PAGE,
  PLAYER_SERIES_PAGE,
  SESSION_COOKIE,
  landingAddress,
  landingEpisodeNumber,
  type LandingData,
} from '@episodic/contract/constants';
import { successData } from './landing-data';

/**
 * The early player's code written into a document (apps/web/src/boot/early-player.ts, as a classic
 * script the build makes beside its module file and names in index.html's `<!--early-player:…-->`).
 *
 * A first visit to an episode (an arrival from an ad, most often) has nothing cached: the module file
 * would cost a round trip after the document, and the first frame waits for it. Carried at the end of
 * the document it arrives with it (bench/first-frame.bench.ts: about 110 ms sooner at 9 Mbit/s and
 * 60 ms). A returning browser (one with a session cookie) has the file cached, so its document names it
 * as before and stays small.
 */
export interface InlinePlayer {
  /** The `<script>` element, as written into the document. */
  tag: string;
  /** Its CSP hash source (`'sha256-…'`). */
  hash: string;
}

const PLACEHOLDER = /<!--early-player(?::(\/assets\/[\w.-]+\.js))?-->/;

/** The file index.html names, or null (a development build names none). */
export function inlinePlayerFile(indexHtml: string): string | null {
  return PLACEHOLDER.exec(indexHtml)?.[1] ?? null;
}

const loaded = new Map<string, InlinePlayer | null>();

/** The early player for a built app's documents, read once; null when the build made none. */
export function inlinePlayer(webDist: string): InlinePlayer | null {
  let player = loaded.get(webDist);
  if (player !== undefined) return player;
  player = null;
  try {
    const file = inlinePlayerFile(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
    if (file) {
      const code = fs.readFileSync(path.join(webDist, file), 'utf8').trim();
      // A classic script ends at the first `</script`: the build's output never holds one, and a file
      // that did is not written at all.
      if (code && !/<\/script/i.test(code))
        player = {
          tag: `<script>${code}</script>`,
          hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
        };
    }
  } catch {
    player = null;
  }
  loaded.set(webDist, player);
  return player;
}

/** Fills index.html's placeholder: the early player's code, or nothing. */
export function withInlinePlayer(indexHtml: string, tag: string): string {
  return indexHtml.replace(PLACEHOLDER, () => tag);
}

/** Whether the request carries this site's session cookie (a browser that has been here). */
function returning(req: FastifyRequest): boolean {
  return !!req.cookies[SESSION_COOKIE];
}

/** Whether the document's script will start the early player on this data (boot/early-start.ts, `earlyPlay`). */
function playsEarly(data: LandingData, url: URL): boolean {
  const playable = (episodeId: unknown) => {
    const playback = successData(data.answers[landingAddress.playback(String(episodeId))]) as
      { playable?: unknown; hls?: unknown; start?: unknown } | null | undefined;
    return !!playback && playback.playable === true && !!playback.hls && !!playback.start;
  };
  const series = PLAYER_SERIES_PAGE.exec(url.pathname);
  if (series) {
    const ep = landingEpisodeNumber(url.searchParams.get('ep'));
    if (!ep || url.searchParams.has('t')) return false;
    const list = successData(data.answers[landingAddress.episodes(series[1]!)]);
    const opened = Array.isArray(list)
      ? (list as { id?: unknown; number?: unknown }[]).find((e) => e.number === ep)
      : null;
    return !!opened && playable(opened.id);
  }
  if (FOR_YOU_PAGE.test(url.pathname)) {
    const feed = successData(data.answers[landingAddress.feed()]) as
      { items?: { episode?: { id?: unknown } }[] } | null | undefined;
    return playable(feed?.items?.[0]?.episode?.id);
  }
  return false;
}

/** Whether this document should carry the early player: a first visit whose episode plays at once. */
export function carriesInlinePlayer(req: FastifyRequest, data: LandingData): boolean {
  if (returning(req) || data.viewer !== null) return false;
  return playsEarly(data, new URL(req.url, 'http://localhost'));
}
