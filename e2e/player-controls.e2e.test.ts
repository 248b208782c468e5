import type { Page } from '@playwright/test';
import { screenshot } from './browser';
import { expect } from './fixtures';
import {
  currentVideo,
  episodeInUrl,
  holdEpisode,
  loopEpisodes,
  playerTest as test,
  swipe,
  waitUntilPlaying,
  withoutLandingData,
  type PlayableSeries,
} from './player-helpers';

/** Opens an episode and turns the sound on if the browser started it muted (no tap yet). */
async function openEpisode(page: Page, series: PlayableSeries, number: number): Promise<void> {
  await page.goto(`/videos/${String(series.id)}?ep=${String(number)}`);
  await waitUntilPlaying(page);
  const soundOn = page.getByRole('button', { name: 'Tap for sound' });
  if (await soundOn.count()) await soundOn.first().click();
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:30.000\nHello from the subtitles\n';

test.describe('player controls', () => {
  test.beforeEach(async ({ page }) => {
    await loopEpisodes(page);
  });

  test('lists every episode with its lock state and price, and jumps to one', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    await openEpisode(page, series, 1);
    await page.getByRole('button', { name: 'Episodes' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Episodes' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: 'Episode 1, Free' }).getAttribute('aria-current')).toBe('true');
    const locked = series.firstLocked;
    await sheet
      .getByRole('button', { name: `Episode ${String(locked.number)}, ${String(locked.cost)} coins, locked` })
      .waitFor();
    await screenshot(page, 'player-episode-sheet');
    await sheet.getByRole('button', { name: 'Episode 2, Free' }).click();
    await expect.poll(() => episodeInUrl(page)).toBe(2);
    await waitUntilPlaying(page);
    expect(errors).toEqual([]);
  });

  test('changes speed, quality and subtitles from the settings sheet', async ({ page, pageErrors: errors, series }) => {
    // The demo has no subtitles: give episode 1 an English track.
    await withoutLandingData(page);
    await page.route(/\/api\/video\/episode\?id=/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { number: number; subtitles: unknown[] } };
      if (body.data.number === 1) body.data.subtitles = [{ language: 'en', url: '/test-subtitles/en.vtt' }];
      await route.fulfill({ response, json: body });
    });
    await page.route('**/test-subtitles/en.vtt', (route) => route.fulfill({ body: VTT, contentType: 'text/vtt' }));
    await openEpisode(page, series, 1);

    // The interface is English and the episode has English subtitles: they show by default.
    await page.getByText('Hello from the subtitles').waitFor();

    await page.getByRole('button', { name: 'Playback settings' }).click();
    const sheet = page.getByRole('dialog', { name: 'Playback settings' });
    await sheet.waitFor();
    // The radio buttons are drawn as pills: a tap lands on the label.
    await sheet.getByRole('group', { name: 'Speed' }).getByText('1.5×', { exact: true }).click();
    expect(await sheet.getByRole('radio', { name: '1.5×' }).isChecked()).toBe(true);
    await expect.poll(async () => (await currentVideo(page))?.rate).toBe(1.5);
    const quality = sheet.getByRole('group', { name: 'Quality' });
    expect(await quality.getByRole('radio').count()).toBe(4);
    for (const name of ['720p', '540p', '360p']) await quality.getByRole('radio', { name, exact: true }).waitFor();
    await quality.getByText('360p', { exact: true }).click();
    expect(await quality.getByRole('radio', { name: '360p', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'player-settings');
    await sheet.getByRole('group', { name: 'Subtitles' }).getByText('Off', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('Hello from the subtitles').count()).toBe(0);
    // Still playing, at the chosen speed.
    await waitUntilPlaying(page, 0);
    expect((await currentVideo(page))?.rate).toBe(1.5);
    expect(errors).toEqual([]);
  });

  test('moves between episodes with the arrow keys and shares the episode link', async ({
    context,
    page,
    pageErrors: errors,
    series,
    baseURL: baseUrl,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A phone has a share sheet: record what it is given.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedData: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await openEpisode(page, series, 1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => episodeInUrl(page)).toBe(2);
    await waitUntilPlaying(page);
    await holdEpisode(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData.map((d) => d.url)))
      .toEqual([`${baseUrl}/videos/${String(series.id)}?ep=2`]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => episodeInUrl(page)).toBe(1);
    await waitUntilPlaying(page);
    await holdEpisode(page);

    // Without a share sheet, the link is copied and a toast says so.
    await page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Copy Success').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/videos/${String(series.id)}?ep=1`,
    );
    await screenshot(page, 'player-shared-copied');
    expect(errors).toEqual([]);
  });

  test('swipes down to the previous episode and scrubs by dragging the seek bar', async ({
    context,
    page,
    pageErrors: errors,
    series,
  }) => {
    await openEpisode(page, series, 2);
    await swipe(context, page, 'down');
    await expect.poll(() => episodeInUrl(page)).toBe(1);
    await waitUntilPlaying(page);

    // Drag the seek bar with a finger to about three quarters.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'Position in episode' });
    const box = await slider.boundingBox();
    if (!box) throw new Error('no seek bar');
    const cdp = await context.newCDPSession(page);
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 4, y }] });
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: box.x + 4 + (box.width * 0.75 - 4) * (i / 6), y }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const duration = await page.evaluate(
      () => document.querySelector<HTMLVideoElement>('video[data-current="true"]')?.duration ?? 0,
    );
    await expect.poll(async () => (await currentVideo(page))?.time ?? 0).toBeGreaterThan(duration * 0.6);
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(Math.floor(duration * 0.6));
    // A drag on the seek bar is not a swipe: still the same episode.
    expect(episodeInUrl(page)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('adds the series to my list and takes it out again', async ({ page, pageErrors: errors, series }) => {
    await openEpisode(page, series, 1);
    await page.getByRole('button', { name: 'Add to my list' }).click();
    await page.getByText('Added to my list').waitFor();
    await page.getByRole('button', { name: 'Remove from my list' }).waitFor();
    const list = await page.evaluate(
      async () => (await (await fetch('/api/user/favorite')).json()) as { data: { items: { id: number }[] } },
    );
    expect(list.data.items.map((s) => s.id)).toContain(series.id);
    await page.getByRole('button', { name: 'Remove from my list' }).click();
    await page.getByRole('button', { name: 'Add to my list' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('shows a network error with a retry that recovers', async ({ page, pageErrors: errors, series }) => {
    const master = new RegExp(`/api/media/episodes/${String(series.episodes[0]!.id)}/master\\.m3u8`);
    // The master playlist is asked for (the document would carry it otherwise), and the network fails it.
    await withoutLandingData(page);
    await page.route(master, (route) => route.abort('internetdisconnected'));
    await page.goto(`/videos/${String(series.id)}?ep=1`);
    const alert = page.getByRole('alert');
    await alert
      .getByText("The episode couldn't be loaded. Check your connection and try again.")
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'player-network-error');
    await page.unroute(master);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await waitUntilPlaying(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
