import { randomBytes } from 'node:crypto';
import type { AdminEpisodeSubtitles, AdminSubtitleInput } from '@episodic/contract';
import { invalidInput, notFound } from '../../http/errors';
import {
  checkSubtitleFile,
  openSubtitle,
  sealSubtitle,
  subtitleKey,
  SubtitleFileError,
  upsertSubtitles,
  type SubtitleLanguage,
} from '../../media/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { deleteSubtitleRow, findEpisodeForSubtitles, subtitleRows } from './subtitles.repository';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const fileProblem = (message: string) => invalidInput({ file: { code: 'invalid', message } });

/**
 * Subtitles uploaded in the console, one file per episode and language: checked (subtitle-check.ts),
 * converted to WebVTT, sealed and stored like the ones ingest stores; viewers get them through
 * playback's checked route only.
 */
export function createSubtitlesService(deps: Pick<AdminDeps, 'db' | 'storage' | 'invalidateCatalog' | 'log'>) {
  const { db, storage } = deps;

  async function episodeOrFail(id: number) {
    const episode = await findEpisodeForSubtitles(db, id);
    if (!episode) throw notFound('not_found', 'There is no such episode.');
    return episode;
  }

  async function list(id: number, warnings: string[] = []): Promise<AdminEpisodeSubtitles> {
    const episode = await episodeOrFail(id);
    const rows = await subtitleRows(db, id);
    const key = rows.length > 0 ? await subtitleKey(db) : null;
    const tracks: AdminEpisodeSubtitles['tracks'] = [];
    for (const row of rows) {
      const stored = await storage.getBuffer(row.storage_key);
      const vtt = stored ? openSubtitle(stored, key!)?.toString('utf8') : undefined;
      if (!vtt) {
        deps.log('stored subtitles unreadable', { episodeId: id, language: row.language });
        continue;
      }
      let cues: AdminEpisodeSubtitles['tracks'][number]['cues'] = [];
      try {
        cues = checkSubtitleFile(Buffer.from(vtt), 'stored.vtt', null).cues;
      } catch {
        // Files stored by older ingests may not pass today's checks: still listed, without a cue list.
      }
      tracks.push({ language: row.language as SubtitleLanguage, vtt, cues });
    }
    return { episodeId: id, durationMs: episode.duration_ms, tracks, warnings };
  }

  async function upload(
    operator: Operator,
    id: number,
    language: SubtitleLanguage,
    input: AdminSubtitleInput,
  ): Promise<AdminEpisodeSubtitles> {
    const episode = await episodeOrFail(id);
    const compact = input.data.replace(/\s+/g, '');
    if (!BASE64.test(compact)) throw fileProblem('The file could not be read. Choose it again.');
    let checked;
    try {
      checked = checkSubtitleFile(Buffer.from(compact, 'base64'), input.fileName, episode.duration_ms);
    } catch (err) {
      if (err instanceof SubtitleFileError) throw fileProblem(err.message);
      throw err;
    }
    const storageKey = `episodes/${id}/subtitles/${language}-${Date.now().toString(36)}${randomBytes(5).toString('hex')}.sealed`;
    await storage.putBuffer(storageKey, sealSubtitle(checked.vtt, await subtitleKey(db)), {
      cacheControl: 'private, no-store',
    });
    let replaced: string[];
    try {
      replaced = await db.transaction().execute(async (trx) => {
        if (!(await findEpisodeForSubtitles(trx, id, true))) throw notFound('not_found', 'There is no such episode.');
        const old = await upsertSubtitles(trx, id, [{ language, storageKey }]);
        await writeAudit(trx, operator, {
          action: old.length > 0 ? 'subtitles.replace' : 'subtitles.upload',
          targetType: 'episode',
          targetId: id,
          summary: `${old.length > 0 ? 'Replaced' : 'Added'} ${language} subtitles of episode ${episode.number} (${checked.cues.length} cues, from ${input.fileName.slice(0, 100)})`,
          after: { language, cues: checked.cues.length, fileName: input.fileName.slice(0, 200) },
        });
        return old;
      });
    } catch (err) {
      await storage.delete(storageKey).catch(() => undefined);
      throw err;
    }
    await removeFiles(replaced);
    await deps.invalidateCatalog();
    return list(id, checked.warnings);
  }

  async function remove(operator: Operator, id: number, language: SubtitleLanguage): Promise<AdminEpisodeSubtitles> {
    const episode = await episodeOrFail(id);
    const old = await db.transaction().execute(async (trx) => {
      const key = await deleteSubtitleRow(trx, id, language);
      if (!key) throw notFound('not_found', 'This episode has no subtitles in that language.');
      await writeAudit(trx, operator, {
        action: 'subtitles.delete',
        targetType: 'episode',
        targetId: id,
        summary: `Removed ${language} subtitles of episode ${episode.number}`,
        before: { language },
      });
      return key;
    });
    await removeFiles([old]);
    await deps.invalidateCatalog();
    return list(id);
  }

  /** Files no row points at any more; a failure leaves an orphan file, never a broken row. */
  async function removeFiles(keys: string[]) {
    for (const key of keys)
      await storage.delete(key).catch((err: unknown) => {
        deps.log('old subtitle file not removed', { key, error: (err as Error).message });
      });
  }

  return { list, upload, remove };
}

export type SubtitlesService = ReturnType<typeof createSubtitlesService>;
