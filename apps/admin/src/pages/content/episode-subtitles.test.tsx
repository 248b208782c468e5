import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminEpisodeSubtitles } from '@episodic/contract';
import { mockApi, renderConsole } from '../../testing/console-test';
import { series } from '../../testing/samples';
import { cueTime } from './episode-subtitles';

/** hls.js as the preview uses it: records what it was given. */
const hls = vi.hoisted(() => ({ sources: [] as string[], attached: [] as unknown[], destroyed: [] as unknown[] }));
vi.mock('../../features/subtitles/preview', async (importOriginal) => {
  const actual = await importOriginal<object>();
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    on() {}
    loadSource(src: string) {
      hls.sources.push(src);
    }
    media: unknown;
    attachMedia(media: unknown) {
      this.media = media;
      hls.attached.push(media);
    }
    destroy() {
      hls.destroyed.push(this.media);
    }
  }
  return { ...actual, loadHls: () => Promise.resolve(FakeHls) };
});

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs an address for its track.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(hls, { sources: [], attached: [], destroyed: [] });
});

const english: AdminEpisodeSubtitles['tracks'][number] = {
  language: 'en',
  vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<b>Hello</b>\n',
  cues: [{ start: 1000, end: 2500, text: '<b>Hello</b>' }],
};
const answer = (tracks: AdminEpisodeSubtitles['tracks'], warnings: string[] = []): AdminEpisodeSubtitles => ({
  episodeId: 101,
  durationMs: 60_000,
  tracks,
  warnings,
});

function api(onPut?: (body: unknown) => { code: number; data?: unknown; fields?: Record<string, string> }) {
  let tracks = [english];
  return mockApi(({ method, url, body }) => {
    if (url === '/api/admin/series/7') return { code: 200, data: series };
    if (url === '/api/admin/tags') return { code: 200, data: [] };
    if (url.startsWith('/api/admin/episodes/101/subtitles')) {
      if (method === 'PUT' && onPut) return onPut(body);
      if (method === 'DELETE') tracks = [];
      return { code: 200, data: answer(tracks) };
    }
    if (url.startsWith('/api/admin/episodes/102/subtitles')) return { code: 200, data: answer([]) };
    return undefined;
  });
}

async function openDialog() {
  renderConsole('/admin/content/series/7');
  fireEvent.click(await screen.findByRole('button', { name: 'Subtitles of episode 1' }));
  return screen.findByRole('dialog', { name: 'Subtitles of episode 1' });
}

describe('episode subtitles', () => {
  it('shows the languages present, a preview with the track beside its cues as text', async () => {
    api();
    const dialog = await openDialog();
    expect(within(dialog).getByText('1 cue')).toBeTruthy();
    expect(within(dialog).getAllByText('None')).toHaveLength(4);
    const video = within(dialog).getByLabelText('Preview of the English subtitles');
    expect(video.querySelector('track')?.getAttribute('srclang')).toBe('en');
    const cues = within(dialog).getByRole('list', { name: 'English subtitles' });
    expect(cues.textContent).toContain('0:01.000 – 0:02.500');
    expect(within(cues).getByText('<b>Hello</b>')).toBeTruthy();
    expect(cues.querySelector('b')).toBeNull();
  });

  it('plays the episode from the console preview playlist, with the uploaded WebVTT as its track', async () => {
    api();
    const dialog = await openDialog();
    const video = within(dialog).getByLabelText('Preview of the English subtitles');
    await waitFor(
      () => {
        expect(hls.sources).toEqual(['/api/admin/episodes/101/preview/master.m3u8']);
      },
      { timeout: 2000 },
    );
    expect(hls.attached).toEqual([video]);
    const track = video.querySelector('track');
    expect(track?.getAttribute('src')).toBe('blob:preview');
    expect(track?.getAttribute('kind')).toBe('subtitles');
    expect(track?.hasAttribute('default')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(
      () => {
        expect(hls.destroyed).toContain(video);
      },
      { timeout: 2000 },
    );
  });

  it('uploads a file as base64, shows the server’s reason on a bad file and its warnings on a good one', async () => {
    const sent: unknown[] = [];
    api((body) => {
      sent.push(body);
      return sent.length === 1
        ? { code: 422, fields: { file: 'Line 6: this subtitle starts at 00:00:01.000, before the one above it.' } }
        : { code: 200, data: answer([english], ['1 subtitle runs past the end of the video (1:00).']) };
    });
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Spanish subtitle file (.vtt or .srt)');
    const file = new File(['1\n00:00:01,000 --> 00:00:02,000\nHola\n'], 'ep1.es.srt');
    fireEvent.change(input, { target: { files: [file] } });
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Line 6: /);
    expect(sent[0]).toEqual({ fileName: 'ep1.es.srt', data: btoa('1\n00:00:01,000 --> 00:00:02,000\nHola\n') });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByText(/Saved, but check: 1 subtitle runs past the end/)).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt')] } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Subtitles must be a .vtt (WebVTT) or .srt file.',
    );
    expect(sent).toHaveLength(2);
  });

  it('deletes a language after a second click', async () => {
    const calls = api();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove English' }));
    await waitFor(() => {
      expect(within(dialog).getAllByText('None')).toHaveLength(5);
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/episodes/101/subtitles/en')).toBe(true);
  });

  it('writes cue times to the millisecond', () => {
    expect(cueTime(65_250)).toBe('1:05.250');
  });
});
