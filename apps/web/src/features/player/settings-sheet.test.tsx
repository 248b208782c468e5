import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsSheet, subtitleLanguageName } from './settings-sheet';

function renderSheet(props: Partial<ComponentProps<typeof SettingsSheet>> = {}) {
  const handlers = { onRate: vi.fn(), onQuality: vi.fn(), onSubtitles: vi.fn(), onClose: vi.fn() };
  render(
    <SettingsSheet
      rate={1}
      qualities={[720, 540, 360]}
      quality={null}
      activeHeight={540}
      subtitleLanguages={['en', 'fy']}
      subtitles={null}
      uiLanguage="en"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

const group = (name: string) => screen.getByRole('group', { name });

describe('SettingsSheet', () => {
  it('offers the five speeds with the current one checked, and changes speed', () => {
    const { onRate } = renderSheet({ rate: 1.25 });
    const radios = within(group('Speed')).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect((within(group('Speed')).getByRole('radio', { name: '1.25×' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group('Speed')).getByRole('radio', { name: '2×' }));
    expect(onRate).toHaveBeenCalledWith(2);
  });

  it('offers automatic quality (naming the rendition playing) and each rendition, best first', () => {
    const { onQuality } = renderSheet();
    const quality = group('Quality');
    expect(
      within(quality)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Auto (540p)', '720p', '540p', '360p']);
    expect((within(quality).getByRole('radio', { name: 'Auto (540p)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(quality).getByRole('radio', { name: '360p' }));
    expect(onQuality).toHaveBeenCalledWith(360);
  });

  it('returns to automatic quality', () => {
    const { onQuality } = renderSheet({ quality: 720 });
    const quality = group('Quality');
    expect((within(quality).getByRole('radio', { name: '720p' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(quality).getByRole('radio', { name: 'Auto' }));
    expect(onQuality).toHaveBeenCalledWith(null);
  });

  it('says the browser picks the quality when there are no renditions to choose (native HLS)', () => {
    renderSheet({ qualities: [], activeHeight: null });
    expect(within(group('Quality')).getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByText('This browser picks the quality by itself.')).toBeTruthy();
  });

  it('lists the subtitle languages by name, off first, and switches them', () => {
    const { onSubtitles } = renderSheet();
    const subtitles = group('Subtitles');
    expect(
      within(subtitles)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Off', 'English', 'French']);
    expect((within(subtitles).getByRole('radio', { name: 'Off' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(subtitles).getByRole('radio', { name: 'French' }));
    expect(onSubtitles).toHaveBeenCalledWith('fy');
  });

  it('closes', () => {
    const { onClose } = renderSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('subtitleLanguageName', () => {
  it('names the product codes fy and dy as French and German, in the interface language', () => {
    expect(subtitleLanguageName('fy', 'en')).toBe('French');
    expect(subtitleLanguageName('dy', 'en')).toBe('German');
    expect(subtitleLanguageName('en', 'fy')).toBe('Anglais');
  });
});
