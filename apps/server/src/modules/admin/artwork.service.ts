import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fieldProblem, invalidInput, notFound } from '../../http/errors';
import { resizeImage } from '../../media/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { lockSeriesArtwork, seriesExists, setSeriesArtwork } from './content.repository';

/** The shapes the viewer app shows: a 3:4 cover on cards, a 16:9 banner on the series page. */
export const ARTWORK = {
  cover: { width: 540, height: 720, column: 'cover_key', prefix: 'series' },
  banner: { width: 960, height: 540, column: 'banner_key', prefix: 'banner' },
} as const;
export type ArtworkKind = keyof typeof ARTWORK;

export const ARTWORK_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Series covers and banners: any picture ffmpeg reads, cropped to the shape, stored under a new name. */
export function createArtworkService(deps: AdminDeps) {
  const { db, storage } = deps;

  /** Replaces a series' cover or banner; the old file is removed once the new one is in place. */
  async function setArtwork(
    operator: Operator,
    seriesId: number,
    kind: ArtworkKind,
    image: Buffer,
  ): Promise<{ url: string }> {
    const shape = ARTWORK[kind];
    if (!(await seriesExists(db, seriesId))) throw notFound('not_found', 'There is no such series.');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-artwork-'));
    const key = `covers/${shape.prefix}-${seriesId}-${randomBytes(6).toString('hex')}.jpg`;
    try {
      const input = path.join(dir, 'upload');
      const output = path.join(dir, 'artwork.jpg');
      await fs.writeFile(input, image);
      try {
        await resizeImage({ input, output, width: shape.width, height: shape.height });
      } catch {
        throw invalidInput({
          file: fieldProblem(
            'file_unreadable',
            'This file is not a picture we can read: use a JPEG, PNG or WebP image.',
          ),
        });
      }
      await storage.putFile(key, output, {
        contentType: 'image/jpeg',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    let previous: string | null = null;
    try {
      previous = await db.transaction().execute(async (trx) => {
        const row = await lockSeriesArtwork(trx, seriesId);
        if (!row) throw notFound('not_found', 'There is no such series.');
        const old = row[shape.column];
        await setSeriesArtwork(trx, seriesId, shape.column, key);
        await writeAudit(trx, operator, {
          action: `series.set-${kind}`,
          targetType: 'series',
          targetId: seriesId,
          summary: `Replaced the ${kind} of series ${seriesId}`,
          before: { [kind]: old },
          after: { [kind]: key },
        });
        return old;
      });
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
    await deps.invalidateCatalog();
    if (previous && previous !== key) await storage.delete(previous).catch(() => undefined);
    return { url: deps.mediaUrl(key)! };
  }

  return { setArtwork };
}

export type ArtworkService = ReturnType<typeof createArtworkService>;
