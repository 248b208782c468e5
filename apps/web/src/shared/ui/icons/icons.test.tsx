import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as icons from './index';

// The web app's `src` (tests run with the web app as the working directory or the repository root).
const SRC =
  [path.resolve('src'), path.resolve('apps/web/src')].find((dir) => fs.existsSync(path.join(dir, 'shared/ui/icons'))) ??
  '';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the icon set', () => {
  it('draws every icon as a decorative 24×24 SVG sized by its class', () => {
    const names = Object.keys(icons);
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const [name, Icon] of Object.entries(icons)) {
      const { container, unmount } = render(<Icon className="size-4" />);
      const svg = container.querySelector('svg');
      expect(svg, name).not.toBeNull();
      expect(svg?.getAttribute('aria-hidden'), name).toBe('true');
      expect(svg?.getAttribute('viewBox'), name).toBe('0 0 24 24');
      expect(svg?.getAttribute('class'), name).toBe('size-4');
      unmount();
    }
  });

  it('is imported one icon module at a time, never through its index', () => {
    const index = path.join(SRC, 'shared/ui/icons/index.ts');
    const offenders = sourceFiles(SRC).filter((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\bfrom '(\.[^']*)'|\bimport\('(\.[^']*)'\)/g)].some((m) => {
        const target = path.resolve(path.dirname(file), (m[1] ?? m[2]) as string);
        return target === path.dirname(index) || target === index.replace(/\.ts$/, '');
      }),
    );
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
