import { afterEach, describe, expect, it, vi } from 'vitest';

const preloadPage = vi.fn(() => Promise.resolve());
const warmHls = vi.fn();
vi.mock('./routes', () => ({ preloadPage }));
vi.mock('../features/player/lazy', () => ({ warmHls }));

afterEach(() => {
  vi.unstubAllGlobals();
  preloadPage.mockClear();
  warmHls.mockClear();
});

describe('warming the player from Home', () => {
  it('loads the player page and hls.js once the browser is idle', async () => {
    let idle: () => void = () => undefined;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      idle = run;
      return 1;
    });
    const { warmPlayerWhenIdle } = await import('./warm-player');
    warmPlayerWhenIdle();
    await Promise.resolve();
    expect(preloadPage).not.toHaveBeenCalled();
    idle();
    await vi.waitFor(() => {
      expect(warmHls).toHaveBeenCalled();
    });
    expect(preloadPage).toHaveBeenCalledWith('/videos/0');
  });

  it('does nothing with the data saver on', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      run();
      return 1;
    });
    const { warmPlayerWhenIdle } = await import('./warm-player');
    warmPlayerWhenIdle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloadPage).not.toHaveBeenCalled();
    expect(warmHls).not.toHaveBeenCalled();
  });
});
