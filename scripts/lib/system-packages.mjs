// Debian packages the tests need, installed with apt-get when missing (as root), or a one-line fix.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let updated = false;

/** Makes sure `binary` exists, installing Debian's `pkg` when it does not. */
export function ensureDebianPackage(binary, pkg) {
  if (fs.existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${binary} is missing: run \`sudo apt-get install -y ${pkg}\` and try again.`);
  }
  console.log(`[setup] installing Debian package ${pkg} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    updated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  if (!fs.existsSync(binary)) throw new Error(`installed ${pkg} but ${binary} is still missing`);
}
