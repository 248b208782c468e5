import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('lets one holder at a time open a data folder, and names the holder', () => {
    const dataDir = path.join(dir, 'a', 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `in use by another process (pid ${process.pid}), probably a running server`,
    );
    release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    lockDataDir(dataDir)();
  });

  it('takes over the lock of a process that died', () => {
    const dataDir = path.join(dir, 'b', 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(`${dataDir}.lock`, `${dead.stdout}\n`);
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
