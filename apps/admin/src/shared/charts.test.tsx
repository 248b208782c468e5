import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart, axis, niceMax } from './charts';

describe('charts', () => {
  it('goes below zero in whole steps when a value is negative (a day with more refunds than sales)', () => {
    expect(axis([999, 648, 0])).toEqual({ min: 0, max: 1000, ticks: [0, 250, 500, 750, 1000] });
    expect(axis([999, 648, -200])).toEqual({ min: -500, max: 1500, ticks: [-500, 0, 500, 1000, 1500] });
    expect(axis([-300, -100])).toEqual({ min: -300, max: 100, ticks: [-300, -200, -100, 0, 100] });
  });

  it('picks axis ends of four whole, tidy steps', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(30)).toBe(40);
    expect(niceMax(1234)).toBe(2000);
    expect(niceMax(0, 1000)).toBe(1000);
    expect(niceMax(12_345, 1000)).toBe(20_000);
  });

  it('draws one point per day with its value, and bars with their values', () => {
    render(
      <LineChart
        label="Plays per day"
        days={['2026-11-01', '2026-11-02']}
        series={[{ name: 'Plays', color: '#000', values: [3, 5] }]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Plays per day: Plays 8' })).toBeTruthy();
    expect(document.querySelectorAll('circle')).toHaveLength(2);
    expect(document.querySelector('circle title')?.textContent).toBe('Nov 1 · Plays: 3');
    render(<BarChart label="By source" bars={[{ name: 'Organic', value: 2, color: '#0f0' }]} />);
    expect(screen.getByRole('img', { name: 'By source: Organic 2' })).toBeTruthy();
  });
});
