import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  assertKey,
  assertPrefix,
  contentTypeFor,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectInfo,
  type ObjectRead,
  type StorageDriver,
} from './storage';

/**
 * Objects as files under a root folder. Every write goes to a temporary file in `<root>/.tmp` (same
 * file system) and is renamed into place, so a reader never sees half a file. The content type
 * follows the key's extension; the ETag is derived from size and modification time.
 */
export class LocalStorage implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  private pathOf(key: string): string {
    const full = path.join(this.root, ...assertKey(key).split('/'));
    // assertKey already excludes '..'; this guards the invariant itself.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  private async write(key: string, fill: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      await fill(tmp);
      // Twice at most: a concurrent delete may prune the freshly made (still empty) folder.
      for (let attempt = 0; ; attempt++) {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        try {
          await fsp.rename(tmp, target);
          break;
        } catch (err) {
          if (attempt > 0 || !isMissing(err)) throw err;
        }
      }
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  putFile(key: string, file: string): Promise<void> {
    return this.write(key, (tmp) => fsp.copyFile(file, tmp));
  }

  putBuffer(key: string, data: Buffer | string): Promise<void> {
    return this.write(key, (tmp) => fsp.writeFile(tmp, data));
  }

  putStream(key: string, body: Readable): Promise<void> {
    return this.write(key, (tmp) => pipeline(body, fs.createWriteStream(tmp)));
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = this.pathOf(key);
    let st: fs.BigIntStats;
    try {
      st = await fsp.stat(file, { bigint: true });
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (!st.isFile()) return null;
    return {
      key,
      size: Number(st.size),
      etag: `"${st.size.toString(16)}-${st.mtimeNs.toString(16)}-${st.ino.toString(16)}"`,
      contentType: contentTypeFor(key),
      lastModified: new Date(Number(st.mtimeMs)),
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    const info = await this.stat(key);
    if (!info) return null;
    if (range) {
      if (range.start >= info.size || range.start < 0 || range.end < range.start)
        throw new RangeNotSatisfiableError(info.size);
      const end = Math.min(range.end, info.size - 1);
      return {
        ...info,
        range: { start: range.start, end },
        body: fs.createReadStream(this.pathOf(key), { start: range.start, end }),
      };
    }
    return { ...info, range: null, body: fs.createReadStream(this.pathOf(key)) };
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const folder = assertPrefix(prefix);
    const keys: string[] = [];
    const walk = async (dir: string, rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw err;
      }
      for (const entry of entries) {
        const childRel = `${rel}/${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), childRel);
        else if (entry.isFile()) keys.push(childRel);
      }
    };
    await walk(this.pathOf(folder), folder);
    return keys.sort();
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    await this.pruneEmptyParents(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = assertPrefix(prefix);
    const count = (await this.list(folder)).length;
    const dir = this.pathOf(folder);
    await fsp.rm(dir, { recursive: true, force: true });
    await this.pruneEmptyParents(path.dirname(dir));
    return count;
  }

  /** Removes folders left empty up to the root, so deleted episodes leave no trail of folders. */
  private async pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}
