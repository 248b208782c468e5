import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../ui/toast-store';
import { copyText } from './clipboard';

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

function setExecCommand(fn: ((command: string) => boolean) | undefined) {
  Object.defineProperty(document, 'execCommand', { value: fn, configurable: true, writable: true });
}

afterEach(() => {
  setClipboard(undefined);
  setExecCommand(undefined);
});

describe('copyText', () => {
  it('uses the Clipboard API and says "Copy Success"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await expect(copyText('hello')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(getToasts().map((t) => t.message)).toEqual(['Copy Success']);
  });

  it('falls back to a hidden textarea when the Clipboard API is refused', async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    let copied = '';
    setExecCommand((command) => {
      copied = command === 'copy' ? (document.querySelector('textarea')?.value ?? '') : '';
      return true;
    });
    await expect(copyText('fallback text')).resolves.toBe(true);
    expect(copied).toBe('fallback text');
    expect(document.querySelector('textarea')).toBeNull();
    expect(getToasts().map((t) => t.message)).toEqual(['Copy Success']);
  });

  it('says "Copy fail" and logs "Unable to copy text:" when nothing works', async () => {
    setClipboard(undefined);
    setExecCommand(() => false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(copyText('x')).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith('Unable to copy text:', expect.any(Error));
    expect(getToasts().map((t) => t.message)).toEqual(['Copy fail']);
  });
});
