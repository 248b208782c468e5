import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useClickIdCapture } from './use-click-id-capture';

let navigate: NavigateFunction = () => undefined;

function Probe() {
  useClickIdCapture();
  const location = useLocation();
  navigate = useNavigate();
  return <output data-testid="where">{location.pathname + location.search + location.hash}</output>;
}

describe('useClickIdCapture', () => {
  it('stores the ids an address carries, then takes them and `lang` out of it, keeping the rest', async () => {
    render(
      <MemoryRouter initialEntries={['/my?fbclid=fb1&lang=dy&tab=list']}>
        <Probe />
      </MemoryRouter>,
    );
    const where = screen.getByTestId('where');
    expect(where.textContent).toBe('/my?tab=list');
    expect(localStorage.getItem('FBCLID')).toBe('fb1');
    await act(() => navigate('/videos/3?ep=2&fbclid=fb2&token=ref2&ttclid=tt2#top'));
    expect(where.textContent).toBe('/videos/3?ep=2#top');
    expect(localStorage.getItem('FBCLID')).toBe('fb2');
    expect(localStorage.getItem('TTCLID')).toBe('tt2');
    expect(localStorage.getItem('xUserRefererToken')).toBe('ref2');
  });
});
