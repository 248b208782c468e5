import { describe, expect, it } from 'vitest';
import { DEMO_SECTIONS, DEMO_SERIES, DEMO_TAGS, type Lang, type Localized } from './demo-catalog';

const LANGS: Lang[] = ['en', 'es', 'fy', 'dy', 'pt'];

const allLocalized = (): [string, Localized][] => [
  ...DEMO_TAGS.map((t): [string, Localized] => [`tag ${t.slug}`, t.name]),
  ...DEMO_SERIES.flatMap((s): [string, Localized][] => [
    [`title ${s.slug}`, s.title],
    [`synopsis ${s.slug}`, s.synopsis],
  ]),
  ...DEMO_SECTIONS.map((s): [string, Localized] => [`section ${s.slug}`, s.title]),
];

const unique = (values: unknown[]) => new Set(values).size === values.length;

describe('demo catalog', () => {
  it('has 14 series and at least 6 tags, all with unique kebab-case slugs', () => {
    expect(DEMO_SERIES).toHaveLength(14);
    expect(DEMO_TAGS.length).toBeGreaterThanOrEqual(6);
    for (const list of [DEMO_SERIES, DEMO_TAGS, DEMO_SECTIONS]) {
      const slugs = list.map((e) => e.slug);
      expect(unique(slugs)).toBe(true);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('fills every language of every localized string', () => {
    for (const [where, text] of allLocalized()) {
      expect(Object.keys(text).sort(), where).toEqual([...LANGS].sort());
      for (const lang of LANGS) expect(text[lang].trim(), `${where} ${lang}`).not.toBe('');
    }
    for (const s of DEMO_SERIES) {
      for (const lang of LANGS) {
        expect(s.title[lang].length, `${s.slug} title ${lang}`).toBeLessThanOrEqual(60);
        expect(s.synopsis[lang].length, `${s.slug} synopsis ${lang}`).toBeLessThanOrEqual(400);
      }
    }
  });

  it('keeps episode counts, prices and artwork parameters in range', () => {
    const total = DEMO_SERIES.reduce((sum, s) => sum + s.episodes, 0);
    expect(total).toBeGreaterThanOrEqual(110);
    expect(total).toBeLessThanOrEqual(125);
    for (const s of DEMO_SERIES) {
      expect(s.episodes, s.slug).toBeGreaterThanOrEqual(8);
      expect(s.episodes, s.slug).toBeLessThanOrEqual(30);
      expect(s.freeEpisodes, s.slug).toBeGreaterThanOrEqual(2);
      expect(s.freeEpisodes, s.slug).toBeLessThanOrEqual(5);
      expect(s.unlockCost % 5, s.slug).toBe(0);
      expect(s.unlockCost, s.slug).toBeGreaterThanOrEqual(30);
      expect(s.unlockCost, s.slug).toBeLessThanOrEqual(80);
      expect(s.hue, s.slug).toBeGreaterThanOrEqual(0);
      expect(s.hue, s.slug).toBeLessThanOrEqual(359);
      expect(s.toneHz, s.slug).toBeGreaterThanOrEqual(220);
      expect(s.toneHz, s.slug).toBeLessThanOrEqual(880);
    }
    expect(unique(DEMO_SERIES.map((s) => s.hue))).toBe(true);
    expect(unique(DEMO_SERIES.map((s) => s.toneHz))).toBe(true);
  });

  it('references only existing tags and uses at least 6 of them', () => {
    const tagSlugs = new Set(DEMO_TAGS.map((t) => t.slug));
    for (const s of DEMO_SERIES) {
      expect(s.tags.length, s.slug).toBeGreaterThanOrEqual(1);
      expect(s.tags.length, s.slug).toBeLessThanOrEqual(3);
      for (const tag of s.tags) expect(tagSlugs.has(tag), `${s.slug} → ${tag}`).toBe(true);
    }
    for (const section of DEMO_SECTIONS) {
      for (const tag of section.tags ?? []) expect(tagSlugs.has(tag), `${section.slug} → ${tag}`).toBe(true);
    }
    expect(new Set(DEMO_SERIES.flatMap((s) => s.tags)).size).toBeGreaterThanOrEqual(6);
  });

  it('lays out the home sections with existing series', () => {
    const seriesSlugs = new Set(DEMO_SERIES.map((s) => s.slug));
    expect(DEMO_SECTIONS.map((s) => [s.slug, s.kind])).toEqual([
      ['featured', 'featured'],
      ['asian-stories', 'curated'],
      ['more-recommendations', 'curated'],
      ['switch-categories', 'categories'],
      ['trending', 'trending'],
    ]);
    for (const section of DEMO_SECTIONS) {
      for (const slug of section.series ?? []) expect(seriesSlugs.has(slug), `${section.slug} → ${slug}`).toBe(true);
    }
    const bySlug = new Map(DEMO_SECTIONS.map((s) => [s.slug, s]));
    expect(bySlug.get('featured')?.series).toHaveLength(5);
    expect([...(bySlug.get('asian-stories')?.series ?? [])].sort()).toEqual(
      DEMO_SERIES.filter((s) => s.asian)
        .map((s) => s.slug)
        .sort(),
    );
    expect(bySlug.get('more-recommendations')?.series).toHaveLength(8);
    expect(bySlug.get('switch-categories')?.tags).toHaveLength(5);
  });
});
