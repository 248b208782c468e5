import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import {
  InvalidKeyError,
  LocalStorage,
  RangeNotSatisfiableError,
  S3Storage,
  type ObjectRead,
  type StorageDriver,
} from './index';

async function text(read: ObjectRead | null): Promise<string> {
  if (!read) throw new Error('missing object');
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The behaviour every storage driver must have; run once per driver. */
function storageContract(
  name: string,
  setup: () => Promise<{ storage: StorageDriver; workDir: string; stop(): Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: StorageDriver;
    let workDir: string;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, workDir, stop } = await setup());
    });
    afterAll(() => stop());

    it('stores a buffer and reads it back with size, ETag and content type', async () => {
      await storage.putBuffer('a/b/hello.vtt', 'WEBVTT\n');
      const info = await storage.stat('a/b/hello.vtt');
      expect(info).toMatchObject({ key: 'a/b/hello.vtt', size: 7 });
      expect(info!.contentType).toMatch(/^text\/vtt/);
      expect(info!.etag).toMatch(/^"[^"]+"$/);
      expect(await text(await storage.get('a/b/hello.vtt'))).toBe('WEBVTT\n');
      expect((await storage.getBuffer('a/b/hello.vtt'))!.toString()).toBe('WEBVTT\n');
      expect(await storage.exists('a/b/hello.vtt')).toBe(true);
    });

    it('stores a file and a stream; an explicit content type wins over the extension where the backend keeps one', async () => {
      const file = path.join(workDir, 'segment.ts');
      await fs.writeFile(file, Buffer.alloc(5000, 0x47));
      await storage.putFile('f/segment.ts', file);
      expect((await storage.stat('f/segment.ts'))!).toMatchObject({ size: 5000, contentType: 'video/mp2t' });
      await storage.putStream('f/streamed.jpg', Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
        contentType: 'image/jpeg',
      });
      expect(await text(await storage.get('f/streamed.jpg'))).toBe('abcdef');
      expect((await storage.stat('f/streamed.jpg'))!.contentType).toBe('image/jpeg');
    });

    it('streams a large body in parts', async () => {
      const big = Buffer.alloc(9 * 1024 * 1024, 7);
      big.write('tail', big.length - 4);
      await storage.putStream('big/blob.ts', Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]));
      const info = await storage.stat('big/blob.ts');
      expect(info!.size).toBe(big.length);
      expect(await text(await storage.get('big/blob.ts', { start: big.length - 4, end: big.length - 1 }))).toBe('tail');
    });

    it('replaces an object under the same key with a new ETag', async () => {
      await storage.putBuffer('r/x.txt', 'one');
      const first = await storage.stat('r/x.txt');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await storage.putBuffer('r/x.txt', 'two!');
      const second = await storage.stat('r/x.txt');
      expect(second!.size).toBe(4);
      expect(second!.etag).not.toBe(first!.etag);
      expect(await text(await storage.get('r/x.txt'))).toBe('two!');
    });

    it('reads byte ranges, clamps a range past the end, refuses one starting past it', async () => {
      await storage.putBuffer('range/digits.txt', '0123456789');
      const read = await storage.get('range/digits.txt', { start: 2, end: 5 });
      expect(read!.size).toBe(10);
      expect(read!.range).toEqual({ start: 2, end: 5 });
      expect(await text(read)).toBe('2345');
      const tail = await storage.get('range/digits.txt', { start: 7, end: 100 });
      expect(tail!.range).toEqual({ start: 7, end: 9 });
      expect(await text(tail)).toBe('789');
      await expect(storage.get('range/digits.txt', { start: 10, end: 12 })).rejects.toBeInstanceOf(
        RangeNotSatisfiableError,
      );
    });

    it('answers null, not an error, for what does not exist', async () => {
      expect(await storage.stat('nothing/here.ts')).toBeNull();
      expect(await storage.get('nothing/here.ts')).toBeNull();
      expect(await storage.getBuffer('nothing/here.ts')).toBeNull();
      expect(await storage.exists('nothing/here.ts')).toBe(false);
      expect(await storage.list('nothing')).toEqual([]);
      await storage.delete('nothing/here.ts');
    });

    it('lists and deletes a folder prefix, and only that folder', async () => {
      for (const key of [
        'episodes/1/abc/master.m3u8',
        'episodes/1/abc/360p/seg_000.ts',
        'episodes/1/abc/360p/seg_001.ts',
        'episodes/1/abcd/keep.ts',
        'episodes/10/x.ts',
      ]) {
        await storage.putBuffer(key, key);
      }
      expect(await storage.list('episodes/1/abc')).toEqual([
        'episodes/1/abc/360p/seg_000.ts',
        'episodes/1/abc/360p/seg_001.ts',
        'episodes/1/abc/master.m3u8',
      ]);
      expect(await storage.list('episodes/1/abc/')).toHaveLength(3);
      expect(await storage.deletePrefix('episodes/1/abc')).toBe(3);
      expect(await storage.list('episodes/1/abc')).toEqual([]);
      expect(await storage.exists('episodes/1/abcd/keep.ts')).toBe(true);
      expect(await storage.exists('episodes/10/x.ts')).toBe(true);
      await storage.delete('episodes/10/x.ts');
      expect(await storage.exists('episodes/10/x.ts')).toBe(false);
    });

    it.each([
      '../escape.ts',
      '/absolute.ts',
      'a/../b.ts',
      'a//b.ts',
      'a/./b.ts',
      '.hidden/x.ts',
      'a\\b.ts',
      'a/b/',
      '',
      'c:/x.ts',
    ])('refuses the key %j', async (key) => {
      await expect(storage.putBuffer(key, 'x')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    });

    it('refuses to delete everything', async () => {
      await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.deletePrefix('/')).rejects.toBeInstanceOf(InvalidKeyError);
    });
  });
}

storageContract('local', async () => {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-storage-'));
  return {
    storage: new LocalStorage(path.join(workDir, 'media')),
    workDir,
    stop: () => fs.rm(workDir, { recursive: true, force: true }),
  };
});

storageContract('S3 (s3rver)', async () => {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-storage-'));
  const s3: LocalS3 = await startLocalS3();
  return {
    storage: new S3Storage(s3.options),
    workDir,
    stop: async () => {
      await s3.stop();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
});

describe('local storage specifics', () => {
  it('writes atomically: no temporary files are left in the tree, and the temp folder is hidden from listings', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-storage-'));
    try {
      const storage = new LocalStorage(dir);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => storage.putBuffer(`p/${i % 3}.ts`, Buffer.alloc(10_000, i))),
      );
      expect(await fs.readdir(path.join(dir, '.tmp'))).toEqual([]);
      expect(await storage.list('p')).toEqual(['p/0.ts', 'p/1.ts', 'p/2.ts']);
      for (const key of await storage.list('p')) {
        const data = (await storage.getBuffer(key))!;
        expect(new Set(data).size).toBe(1); // one writer's bytes, never a mix
      }
      await storage.deletePrefix('p');
      expect((await fs.readdir(dir)).filter((e) => e !== '.tmp')).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
