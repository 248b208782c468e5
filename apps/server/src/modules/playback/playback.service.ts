import type { Kysely } from 'kysely';
import type { EpisodeStart } from '@episodic/contract';
import { lightestVariant } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import { lazySharedSecret } from '../../db/secrets';
import {
  openSubtitle,
  rewriteMediaPlaylist,
  subtitleKeyOf,
  type StorageDriver,
  type SubtitleLanguage,
} from '../../media/index';
import type { Access, AccessService } from '../access/index';
import { findEpisodeMedia, findSubtitleKey, listSubtitles, type EpisodeMedia } from './playback.repository';

export interface PlaybackServiceDeps {
  db: Kysely<DB>;
  storage: StorageDriver;
  /** Base of public media URLs without trailing slash: MEDIA_PUBLIC_URL, or `/media` when the server serves them. */
  mediaBaseUrl: string;
  /** Who may play what. */
  access: Pick<AccessService, 'ofEpisode'>;
}

/** What the player needs to know about an episode for a user. */
export interface PlaybackInfo {
  playable: boolean;
  /** The master playlist's address when playable. */
  hls: string | null;
  poster: string | null;
  thumbnail: string | null;
  /** Only when playable: the dialogue is part of what is sold. */
  subtitles: { language: string; url: string }[];
  /** Only when playable: the master playlist and the lightest rendition's playlist, as served. */
  start: EpisodeStart | null;
}

/** A media answer: a body, or a bare HTTP status (these are not envelope calls). */
export type MediaAnswer = { status: 200; body: string | Buffer; contentType: string } | { status: 403 | 404 };

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const PLAYLIST_CACHE_SIZE = 1000;

/** The URL of the master playlist of an episode. */
export function masterPlaylistPath(episodeId: number): string {
  return `/api/media/episodes/${episodeId}/master.m3u8`;
}

/**
 * The URL a subtitle file of an episode is fetched from: checked like the key on every request,
 * never the file's storage address (the dialogue of a locked episode is part of what is sold).
 */
export function subtitlePath(episodeId: number, language: string): string {
  return `/api/media/episodes/${episodeId}/subtitles/${encodeURIComponent(language)}.vtt`;
}

/** The URL the key of an episode is fetched from. */
export function keyPath(episodeId: number): string {
  return `/api/media/keys/${episodeId}`;
}

export function createPlaybackService(deps: PlaybackServiceDeps) {
  const { db, storage, access } = deps;
  const base = deps.mediaBaseUrl.replace(/\/+$/, '');
  // Stored playlists never change under their (unique) prefix, so they can be kept as long as room allows.
  const playlists = new Map<string, string>();
  const subtitleSecret = lazySharedSecret(db, 'subtitles');
  const sealKey = async () => subtitleKeyOf(await subtitleSecret());

  /** The public URL of a stored file (cover, poster, subtitle, segment); null for no file. */
  function mediaUrl(key: string | null | undefined): string | null {
    if (!key) return null;
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The episode's media and the access module's answer for this user, asked together. */
  async function mediaAndAccess(
    episodeId: number,
    userId: string | null,
  ): Promise<[EpisodeMedia | null, Access | null]> {
    return Promise.all([findEpisodeMedia(db, episodeId), access.ofEpisode(userId, episodeId)]);
  }

  /** Playability, master playlist, poster and subtitles of an episode for a user; null when the episode does not exist. */
  async function playbackInfo(episodeId: number, userId: string | null): Promise<PlaybackInfo | null> {
    const [media, allowed] = await mediaAndAccess(episodeId, userId);
    if (!media) return null;
    const playable = media.prefix !== null && (allowed?.playable ?? false);
    const [subtitles, start] = playable
      ? await Promise.all([listSubtitles(db, episodeId), firstSecond(media, episodeId)])
      : [[], null];
    return {
      playable,
      hls: playable ? masterPlaylistPath(episodeId) : null,
      poster: mediaUrl(media.posterKey),
      thumbnail: mediaUrl(media.thumbnailKey),
      subtitles: subtitles.map((s) => ({ language: s.language, url: subtitlePath(episodeId, s.language) })),
      start,
    };
  }

  /**
   * The playlists a player reads before the key and the first segment, exactly as their routes serve
   * them: the master and its lightest rendition (hls.js starts there, features/player/hls-setup.ts).
   * Only ever called for a viewer who may watch the episode.
   */
  async function firstSecond(media: EpisodeMedia, episodeId: number): Promise<EpisodeStart | null> {
    if (!media.prefix || !media.key) return null;
    const master = await masterOf(media);
    if (master.status !== 200) return null;
    const text = String(master.body);
    const variant = lightestVariant(text);
    const rendition = variant && /^([a-z0-9]{1,16})\/index\.m3u8$/.exec(variant)?.[1];
    if (!rendition) return null;
    const playlist = await renditionOf(media, rendition, keyPath(episodeId));
    if (playlist.status !== 200) return null;
    const playlistUrl = new URL(variant, `http://x${masterPlaylistPath(episodeId)}`).pathname;
    return { master: text, playlistUrl, playlist: String(playlist.body) };
  }

  async function storedPlaylist(key: string): Promise<string | null> {
    const cached = playlists.get(key);
    if (cached !== undefined) return cached;
    const data = await storage.getBuffer(key);
    if (!data) return null;
    const text = data.toString('utf8');
    if (playlists.size >= PLAYLIST_CACHE_SIZE) playlists.delete(playlists.keys().next().value!);
    playlists.set(key, text);
    return text;
  }

  /** Access, checked for this user: 404 for no such episode or no media, 403 when not watchable. */
  async function watchable(userId: string | null, episodeId: number): Promise<EpisodeMedia | { status: 403 | 404 }> {
    const [media, allowed] = await mediaAndAccess(episodeId, userId);
    if (!media) return { status: 404 };
    if (!allowed?.playable) return { status: 403 };
    if (!media.prefix || !media.key) return { status: 404 };
    return media;
  }

  /** An episode with packaged media; 404 for no such episode or no media yet. */
  async function readyMedia(episodeId: number): Promise<EpisodeMedia | { status: 404 }> {
    const media = await findEpisodeMedia(db, episodeId);
    return media?.prefix && media.key ? media : { status: 404 };
  }

  async function masterOf(media: EpisodeMedia): Promise<MediaAnswer> {
    const text = await storedPlaylist(`${media.prefix}/master.m3u8`);
    return text === null ? { status: 404 } : { status: 200, body: text, contentType: PLAYLIST_TYPE };
  }

  /** A rendition's playlist with absolute segment URLs and `keyUri` as the key's address. */
  async function renditionOf(media: EpisodeMedia, rendition: string, keyUri: string): Promise<MediaAnswer> {
    if (!media.renditions?.some((r) => r.name === rendition)) return { status: 404 };
    const text = await storedPlaylist(`${media.prefix}/${rendition}/index.m3u8`);
    if (text === null) return { status: 404 };
    const body = rewriteMediaPlaylist(text, { segmentBase: mediaUrl(`${media.prefix}/${rendition}`)!, keyUri });
    return { status: 200, body, contentType: PLAYLIST_TYPE };
  }

  const keyOf = (media: EpisodeMedia): MediaAnswer => ({
    status: 200,
    body: media.key!,
    contentType: 'application/octet-stream',
  });

  /** The master playlist, for users who may watch the episode. */
  async function masterPlaylist(userId: string | null, episodeId: number): Promise<MediaAnswer> {
    const media = await watchable(userId, episodeId);
    return 'status' in media ? media : masterOf(media);
  }

  /** A rendition's playlist with absolute segment URLs and the key's address, for users who may watch the episode. */
  async function mediaPlaylist(userId: string | null, episodeId: number, rendition: string): Promise<MediaAnswer> {
    const media = await watchable(userId, episodeId);
    return 'status' in media ? media : renditionOf(media, rendition, keyPath(episodeId));
  }

  /** The 16-byte content key, only for users who may watch the episode: asked on every request. */
  async function contentKey(userId: string | null, episodeId: number): Promise<MediaAnswer> {
    const media = await watchable(userId, episodeId);
    return 'status' in media ? media : keyOf(media);
  }

  /**
   * The same playlists and key for the console's preview of any episode whose media is ready, draft or
   * published: no viewer access is asked, so the caller must already have checked the operator's role.
   */
  const preview = {
    async masterPlaylist(episodeId: number): Promise<MediaAnswer> {
      const media = await readyMedia(episodeId);
      return 'status' in media ? media : masterOf(media);
    },
    async mediaPlaylist(episodeId: number, rendition: string, keyUri: string): Promise<MediaAnswer> {
      const media = await readyMedia(episodeId);
      return 'status' in media ? media : renditionOf(media, rendition, keyUri);
    },
    async contentKey(episodeId: number): Promise<MediaAnswer> {
      const media = await readyMedia(episodeId);
      return 'status' in media ? media : keyOf(media);
    },
  };

  /**
   * A subtitle file (WebVTT), only for users who may watch the episode, asked on every request;
   * `shareable` when the episode is free (its file may then sit in a shared cache for a while).
   */
  async function subtitle(
    userId: string | null,
    episodeId: number,
    language: SubtitleLanguage,
  ): Promise<MediaAnswer & { shareable?: boolean }> {
    const [media, allowed] = await mediaAndAccess(episodeId, userId);
    if (!media) return { status: 404 };
    if (!allowed?.playable) return { status: 403 };
    const storageKey = await findSubtitleKey(db, episodeId, language);
    const stored = storageKey ? await storage.getBuffer(storageKey) : null;
    const body = stored ? openSubtitle(stored, await sealKey()) : null;
    if (!body) return { status: 404 };
    return { status: 200, body, contentType: 'text/vtt; charset=utf-8', shareable: allowed.reason === 'free' };
  }

  return { playbackInfo, mediaUrl, masterPlaylist, mediaPlaylist, contentKey, subtitle, preview };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
