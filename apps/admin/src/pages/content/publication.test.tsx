import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminImpact, AdminSeries } from '@episodic/contract';
import { leaveGapWarning, numberingWarnings, publishGapWarning } from '../../features/content';
import { mockApi, renderConsole } from '../../testing/console-test';
import { episode, series } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

const impact = (over: Partial<AdminImpact> = {}): AdminImpact => ({
  target: 'series',
  id: 7,
  live: true,
  members: 3,
  unlockers: 2,
  coinsSpent: 350,
  inLists: 1,
  watching: 4,
  homepage: [{ sectionId: 1, title: 'Featured', kind: 'featured', active: true, position: 2 }],
  lastLiveEpisode: false,
  ...over,
});

const published: AdminSeries = { ...series, status: 'published', visible: true };

describe('taking a series out of the app', () => {
  it('names who is affected before unpublishing, and unpublishes only when confirmed', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: published };
      if (url === '/api/admin/series/7/impact') return { code: 200, data: impact() };
      if (url === '/api/admin/series/7/status') return { code: 200, data: { ...series, status: 'draft' } };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish “Midnight Heiress”?' });
    const list = await within(dialog).findByRole('list', { name: 'Who is affected' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '3 active members can watch it today and will lose it.',
      '2 viewers unlocked its episodes (350 coins spent): they lose those episodes and get no coins back. Archive instead to let them keep them.',
      '1 viewer has the series in My list; it leaves their list.',
      '4 viewers are part-way through it; it leaves Continue watching.',
      'It stops showing in 1 homepage place: Featured (place 2).',
    ]);
    expect(calls.some((c) => c.url === '/api/admin/series/7/status')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish series' }));
    expect(await screen.findByText('Unpublished: the series is a draft again.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/series/7/status')?.body).toEqual({ status: 'draft' });
  });

  it('says when nobody is affected, and archives; cancelling sends nothing', async () => {
    let current: AdminSeries = series;
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: current };
      if (url === '/api/admin/series/7/impact')
        return {
          code: 200,
          data: impact({ live: false, members: 0, unlockers: 0, coinsSpent: 0, inLists: 0, watching: 0, homepage: [] }),
        };
      if (url === '/api/admin/series/7/archive') {
        current = { ...series, status: 'archived', archivedAt: '2026-11-26T21:00:00.000Z' };
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Archive “Midnight Heiress”?' });
    expect(
      await within(dialog).findByText(
        'Viewers cannot see the series now and nobody unlocked it, so nobody is affected.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url === '/api/admin/series/7/archive')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Archive…' }));
    dialog = await screen.findByRole('dialog', { name: 'Archive “Midnight Heiress”?' });
    await within(dialog).findByText(/nobody is affected/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive series' }));
    expect(await screen.findByText('Archived.')).toBeTruthy();
    expect(screen.getByText(/Viewers who unlocked its episodes keep watching them; members/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore series' })).toBeTruthy();
  });

  it('tells buyers keep what they unlocked when archiving, and restores an archived series', async () => {
    let current: AdminSeries = published;
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: current };
      if (url === '/api/admin/series/7/impact')
        return { code: 200, data: impact({ members: 0, inLists: 0, watching: 0 }) };
      if (url === '/api/admin/series/7/archive') {
        current = { ...published, status: 'archived', visible: false, archivedAt: '2026-11-26T21:00:00.000Z' };
        return { code: 200, data: current };
      }
      if (url === '/api/admin/series/7/restore') {
        current = published;
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive…' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        '2 viewers unlocked its episodes (350 coins spent): they keep watching what they unlocked. No coins are refunded.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/The places are kept for a restore\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive series' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore series' }));
    expect(await screen.findByText('Restored: the series is back as it was before archiving.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/series/7/archive',
      '/api/admin/series/7/restore',
    ]);
  });
});

describe('episode numbering', () => {
  const gapped: AdminSeries = {
    ...published,
    episodeList: [
      episode(),
      episode({ id: 102, number: 2, status: 'draft' }),
      episode({ id: 103, number: 3, status: 'draft' }),
    ],
  };

  it('warns about a gap when publishing out of order, and publishes anyway when told to', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: gapped };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    const row = (await screen.findByRole('button', { name: 'Archive episode 3' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish episode 3?' });
    expect(
      within(dialog).getByText('Episode 2 is not published: viewers would see episode 3 without it.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    await waitFor(() => {
      expect(calls.find((c) => c.url === '/api/admin/episodes/103/status')?.body).toEqual({ status: 'published' });
    });
  });

  it('shows the numbering warning on the series page and asks for the episode impact before archiving one', async () => {
    const holes: AdminSeries = {
      ...gapped,
      episodeList: [episode(), episode({ id: 102, number: 2, status: 'archived' }), episode({ id: 103, number: 3 })],
    };
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: holes };
      if (url === '/api/admin/episodes/103/impact')
        return {
          code: 200,
          data: impact({ target: 'episode', id: 103, members: 0, inLists: 0, watching: 0, homepage: [], unlockers: 0 }),
        };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    const note = await screen.findByRole('note', { name: 'Episode numbering' });
    expect(note.textContent).toContain(
      'Viewers see episodes 1, 3: episode 2 is not published, so they skip from one number to a later one.',
    );
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive episode 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive episode 3?' });
    expect(await within(dialog).findByText(/Nobody is affected/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive episode' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/episodes/103/archive')).toBe(true);
    });
  });

  it('names gaps, duplicates and hidden numbers; none for an ordered series', () => {
    const e = (id: number, number: number, status: 'draft' | 'published' | 'archived' = 'published') => ({
      id,
      number,
      status,
    });
    expect(numberingWarnings([e(1, 1), e(2, 2), e(3, 3, 'draft')])).toEqual([]);
    expect(numberingWarnings([e(1, 1), e(2, 2), e(3, 4)])).toEqual(['There is no episode 3: the numbering has a gap.']);
    expect(numberingWarnings([e(1, 1), e(2, 1)])).toEqual(['More than one episode is numbered 1.']);
    expect(publishGapWarning([e(1, 1, 'draft'), e(2, 2, 'archived'), e(3, 3, 'draft')], 3)).toBe(
      'Episodes 1 and 2 are not published: viewers would see episode 3 without them.',
    );
    expect(publishGapWarning([e(1, 1), e(2, 2, 'draft')], 2)).toBeNull();
    expect(leaveGapWarning([e(1, 1), e(2, 2), e(3, 3)], 2)).toBe(
      'Episodes after it stay published: viewers would see episode 3 without episode 2.',
    );
    expect(leaveGapWarning([e(1, 1), e(2, 2), e(3, 3, 'draft')], 2)).toBeNull();
  });
});
