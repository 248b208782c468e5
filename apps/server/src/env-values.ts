import fs from 'node:fs';
import path from 'node:path';

// Reading one environment variable as a value of a kind, or an EnvError naming it.

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'EnvError';
  }
}

/** Where the variables are read from: `process.env`, or a test's own. */
export type Source = Record<string, string | undefined>;

export function read(src: Source, name: string): string | undefined {
  const value = src[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function int(src: Source, name: string, fallback: number, min: number, max: number): number {
  const raw = read(src, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new EnvError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new EnvError(name, `expected a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

export function oneOf<T extends string>(src: Source, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(src, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new EnvError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function bool(src: Source, name: string, fallback: boolean): boolean {
  const raw = read(src, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new EnvError(name, `expected true or false, got "${raw}"`);
}

export function url(src: Source, name: string, protocols: readonly string[]): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new EnvError(name, `expected a URL (${protocols.map((p) => `${p}//…`).join(' or ')}), got "${redact(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new EnvError(name, `expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Hides the password of a URL so a bad value can be reported without leaking a secret. */
export function redact(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return value.replace(/:[^:@/]+@/, ':***@');
  }
}

export function executable(src: Source, name: string): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  const resolved = path.resolve(raw);
  if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) throw new EnvError(name, `no file at ${resolved}`);
  return resolved;
}

export function matching(src: Source, name: string, pattern: RegExp, expected: string): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  if (!pattern.test(raw)) throw new EnvError(name, `expected ${expected}`);
  return raw;
}
