import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tabStops } from './tab-stops';

describe('tabStops', () => {
  it('lists what Tab stops at, in order: not disabled, out of the tab order, inert, or a radio Tab skips', () => {
    const { container } = render(
      <div>
        <a href="/a">Link</a>
        <a>No address</a>
        <button type="button">Enabled</button>
        <button type="button" disabled>
          Disabled
        </button>
        <div tabIndex={-1}>Scripted focus only</div>
        <div tabIndex={0}>Focusable box</div>
        <fieldset disabled>
          <input aria-label="In a disabled group" />
        </fieldset>
        <div inert>
          <button type="button">Inert</button>
        </div>
        <input type="radio" name="speed" value="1" aria-label="1×" />
        <input type="radio" name="speed" value="2" aria-label="2×" defaultChecked />
        <input type="radio" name="quality" value="auto" aria-label="Auto" />
        <input type="radio" name="quality" value="720" aria-label="720p" />
        <textarea aria-label="Message" />
      </div>,
    );
    const names = tabStops(container).map((el) => el.getAttribute('aria-label') ?? el.textContent);
    expect(names).toEqual(['Link', 'Enabled', 'Focusable box', '2×', 'Auto', 'Message']);
  });
});
