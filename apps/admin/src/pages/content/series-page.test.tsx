import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';
import { episode, series } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

const UNREADABLE = (file: string) =>
  `“${file}” could not be read as a video. Export it again as MP4 (H.264) and upload it.`;

const tags = [
  { id: 1, slug: 'romance', position: 1, names: { en: 'Romance' }, series: 3 },
  { id: 2, slug: 'revenge', position: 2, names: { en: 'Revenge' }, series: 1 },
];

describe('series page', () => {
  it('edits texts in five languages and tags, and shows the field errors the server gives', async () => {
    let saved: unknown;
    const calls = mockApi(({ method, url, body }) => {
      if (url === '/api/admin/tags') return { code: 200, data: tags };
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: series };
      if (url === '/api/admin/series/7' && method === 'PATCH') {
        saved = body;
        return {
          code: 422,
          message: 'Please check the highlighted fields.',
          fields: { 'texts.pt.title': 'Add a title for this language, or clear its text.' },
        };
      }
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Heiress' })).toBeTruthy();
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Midnight Heiress');

    fireEvent.click(screen.getByRole('tab', { name: 'Portuguese' }));
    fireEvent.change(screen.getByLabelText('Synopsis (Portuguese)'), { target: { value: 'Ela herda um hotel.' } });
    fireEvent.click(await screen.findByLabelText('Revenge'));
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Add a title for this language, or clear its text.')).toBeTruthy();
    expect(screen.getByLabelText('Title (Portuguese)').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toMatchObject({
      texts: {
        en: { title: 'Midnight Heiress' },
        es: { title: 'La heredera' },
        pt: { title: '', synopsis: 'Ela herda um hotel.' },
      },
      accentColor: '#c0392b',
      seriesPrice: null,
      tagIds: [1, 2],
      detailsVersion: 3,
    });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('refuses to save over another operator’s save, says so, and reloads the series into the form', async () => {
    const CHANGED = 'Someone else saved this series meanwhile. Reload to see their changes, then make yours again.';
    // Another operator saved a new English title (the server is at version 4); this tab read version 3.
    const theirs = {
      ...series,
      title: 'Midnight Heiress Returns',
      texts: { ...series.texts, en: { title: 'Midnight Heiress Returns', synopsis: 'She inherits a hotel.' } },
      detailsVersion: 4,
    };
    let stored = series;
    const calls = mockApi(({ method, url, body }) => {
      if (url === '/api/admin/tags') return { code: 200, data: tags };
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: stored };
      if (url === '/api/admin/series/7' && method === 'PATCH') {
        const input = body as { detailsVersion: number; seriesPrice: number | null };
        if (input.detailsVersion !== stored.detailsVersion)
          return { code: 409, reason: 'changed_meanwhile', message: CHANGED };
        stored = { ...stored, seriesPrice: input.seriesPrice, detailsVersion: stored.detailsVersion + 1 };
        return { code: 200, data: stored };
      }
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    await screen.findByRole('heading', { level: 1, name: 'Midnight Heiress' });
    stored = theirs;
    fireEvent.change(screen.getByLabelText('Whole-series price (coins)'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CHANGED);
    expect(screen.queryByText(/^Saved\./)).toBeNull();
    // What was typed stays until the operator reloads.
    expect((screen.getByLabelText('Whole-series price (coins)') as HTMLInputElement).value).toBe('90');
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Midnight Heiress');

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload series' }));
    await waitFor(() => {
      expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Midnight Heiress Returns');
    });
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect((screen.getByLabelText('Whole-series price (coins)') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    // Made again on their version, the change saves without undoing theirs.
    fireEvent.change(screen.getByLabelText('Whole-series price (coins)'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved. Viewers see it once the series is published.')).toBeTruthy();
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    expect(patches.map((p) => p.detailsVersion)).toEqual([3, 4]);
    expect(patches[1]).toMatchObject({ texts: { en: { title: 'Midnight Heiress Returns' } }, seriesPrice: 90 });
  });

  it('takes up another operator’s save while nothing is typed, and saves from its version', async () => {
    let stored = series;
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/tags') return { code: 200, data: tags };
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: stored };
      if (url === '/api/admin/series/7/status') return { code: 200, data: { ...stored, status: 'published' } };
      if (url === '/api/admin/series/7' && method === 'PATCH') return { code: 200, data: stored };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    await screen.findByRole('heading', { level: 1, name: 'Midnight Heiress' });
    // Another operator retitles it; this tab reads the series again after publishing it.
    stored = {
      ...series,
      title: 'Midnight Heiress Returns',
      texts: { ...series.texts, en: { title: 'Midnight Heiress Returns', synopsis: 'She inherits a hotel.' } },
      detailsVersion: 4,
    };
    fireEvent.click(screen.getByRole('button', { name: 'Publish series' }));
    await waitFor(() => {
      expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Midnight Heiress Returns');
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText(/^Saved\./);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ detailsVersion: 4 });
  });

  it('takes the saved confirmation away once the form is edited again', async () => {
    mockApi(({ url }) => {
      if (url === '/api/admin/tags') return { code: 200, data: tags };
      if (url === '/api/admin/series/7') return { code: 200, data: series };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    await screen.findByRole('heading', { level: 1, name: 'Midnight Heiress' });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved. Viewers see it once the series is published.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Midnight Heiress II' } });
    expect(screen.queryByText(/^Saved\./)).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it.each([
    ['draft', 'Saved. Viewers see it once the series is published.'],
    ['published', 'Saved. Viewers see the change now.'],
  ] as const)('confirms a save of a %s series with what viewers see', async (status, confirmation) => {
    mockApi(({ url }) => {
      if (url === '/api/admin/tags') return { code: 200, data: tags };
      // The read and the save answer with the series as it is.
      if (url === '/api/admin/series/7') return { code: 200, data: { ...series, status } };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    await screen.findByRole('heading', { level: 1, name: 'Midnight Heiress' });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(confirmation)).toBeTruthy();
    expect(screen.queryByText(/Viewers see (the change now|it once)/)?.textContent).toBe(confirmation);
  });

  it('lists episodes with video state and price, publishes one and reorders', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: series };
      if (url === '/api/admin/episodes/102/status')
        return {
          code: 409,
          message: 'Episode 2 has no ready video yet: upload one and wait for it to be packaged before publishing.',
        };
      if (url === '/api/admin/series/7/episode-order')
        return { code: 200, data: { ...series, episodeList: [...series.episodeList].reverse() } };
      return undefined;
    });
    renderConsole('/admin/content/series/7');
    const row = (await screen.findByText('Episode 2')).closest('tr')!;
    expect(within(row).getByText('No video')).toBeTruthy();
    expect(within(row).getByText('50 coins')).toBeTruthy();
    // Without a video, publishing is not the row's primary action.
    expect(within(row).getByRole('button', { name: 'Publish' }).className).not.toContain('bg-zinc-900');
    fireEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/has no ready video yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move episode 2 up' }));
    await waitFor(() => {
      expect(calls.find((c) => c.url === '/api/admin/series/7/episode-order')?.body).toEqual({
        episodeIds: [102, 101],
      });
    });
  });

  it('publishes the series', async () => {
    let current = series;
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/admin/series/7' && method === 'GET') return { code: 200, data: current };
      if (url !== '/api/admin/series/7/status') return undefined;
      current = { ...series, status: 'published', visible: true };
      return { code: 200, data: current };
    });
    renderConsole('/admin/content/series/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish series' }));
    expect(await screen.findByRole('button', { name: 'Unpublish series…' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/series/7/status')?.body).toEqual({ status: 'published' });
  });

  it('shows a video being packaged with its stage and progress, a failed first upload and a failed replacement with their reasons', async () => {
    const job = {
      id: 3,
      status: 'running' as const,
      stage: 'encoding',
      percent: 42,
      error: null,
      fileName: 'ep2.mp4',
      updatedAt: series.updatedAt,
    };
    const packaging = {
      ...series,
      episodeList: [
        episode({ job }),
        episode({
          id: 102,
          number: 2,
          mediaStatus: 'failed',
          mediaError: UNREADABLE('notes.mp4'),
          job: { ...job, id: 4, status: 'failed', error: UNREADABLE('notes.mp4') },
        }),
        episode({
          id: 103,
          number: 3,
          mediaStatus: 'ready',
          mediaError: UNREADABLE('clip.mov'),
          job: { ...job, id: 5, status: 'failed', fileName: 'clip.mov', error: UNREADABLE('clip.mov') },
        }),
      ],
    };
    mockApi(({ url }) => (url === '/api/admin/series/7' ? { code: 200, data: packaging } : undefined));
    renderConsole('/admin/content/series/7');
    const bar = await screen.findByRole('progressbar', { name: 'Packaging: Encoding' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    const rows = screen.getAllByRole('row');
    const second = rows.find((r) => within(r).queryByLabelText('Video file for episode 2'))!;
    expect(within(second).getByText('Upload failed: no video yet')).toBeTruthy();
    expect(within(second).getByText(UNREADABLE('notes.mp4'))).toBeTruthy();
    expect(within(second).getByText('Upload video')).toBeTruthy();
    // A failed replacement: the row says the episode still plays its video, and why the new one did not take.
    const third = rows.find((r) => within(r).queryByLabelText('Video file for episode 3'))!;
    expect(within(third).getByText('Replacement failed; the previous video is still live')).toBeTruthy();
    expect(within(third).getByText(UNREADABLE('clip.mov'))).toBeTruthy();
    expect(within(third).getByText('Replace video')).toBeTruthy();
  });
});
