import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isActivePath, Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('has a real address and moves in the app on a plain click', () => {
    const onClick = vi.fn();
    renderAt(
      '/',
      <Link to="/videos/7?ep=3" onClick={onClick}>
        Episode 3
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Episode 3' });
    expect(link.getAttribute('href')).toBe('/videos/7?ep=3');
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('/videos/7?ep=3');
  });

  it('leaves a modified click (new tab) and a cancelled click to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/search" onClick={(event) => event.preventDefault()}>
          Search
        </Link>
        <Link to="/my">Me</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    fireEvent.click(screen.getByRole('link', { name: 'Me' }), { ctrlKey: true });
    expect(screen.getByRole('status').textContent).toBe('/');
  });
});

describe('NavLink', () => {
  it('marks the current page, and its section unless `end`', () => {
    renderAt(
      '/search/recent',
      <>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/search" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Search
        </NavLink>
      </>,
    );
    const home = screen.getByRole('link', { name: 'Home' });
    const search = screen.getByRole('link', { name: 'Search' });
    expect([home.className, home.getAttribute('aria-current')]).toEqual(['off', null]);
    expect([search.className, search.getAttribute('aria-current')]).toEqual(['on', 'page']);
  });

  it('compares whole path segments', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/search', '/', true)).toBe(false);
    expect(isActivePath('/search/', '/search', true)).toBe(true);
    expect(isActivePath('/searchDetail/4', '/search')).toBe(false);
    expect(isActivePath('/search/4', '/search')).toBe(true);
    expect(isActivePath('/search/4', '/search', true)).toBe(false);
  });
});
