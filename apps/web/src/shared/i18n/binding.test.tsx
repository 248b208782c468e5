import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from '../links/link';
import { setLanguage } from './i18n';
import { Trans } from './trans';
import { useTranslation } from './use-translation';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

/** Memoised on nothing: it re-renders only when the binding hands out a new `t`. */
const Label = memo(function Label() {
  const { t } = useTranslation();
  return <span>{t('nav.search')}</span>;
});

describe('useTranslation', () => {
  it('re-renders memoised components with the new language, after its messages have loaded', async () => {
    render(<Label />);
    expect(screen.getByText('Search')).toBeTruthy();
    await act(() => setLanguage('es'));
    expect(screen.getByText('Buscar')).toBeTruthy();
    await act(() => setLanguage('dy'));
    expect(screen.getByText('Suche')).toBeTruthy();
  });
});

describe('Trans', () => {
  it('puts the message text inside the named elements, keeping the text around them', async () => {
    const { container } = render(
      <MemoryRouter>
        <p>
          <Trans i18nKey="help.faqIntro" components={{ contact: <Link to="/contactUs" className="link" /> }} />
        </p>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Write to us' });
    expect(link.getAttribute('href')).toBe('/contactUs');
    expect(link.className).toBe('link');
    expect(container.textContent).toBe('Answers to what viewers ask us most. Still stuck? Write to us.');
    await act(() => setLanguage('dy'));
    expect(screen.getByRole('link', { name: 'Schreib uns' }).getAttribute('href')).toBe('/contactUs');
  });

  it('shows the text of a tag it has no element for', () => {
    const { container } = render(<Trans i18nKey="help.faqIntro" components={{}} />);
    expect(container.textContent).toBe('Answers to what viewers ask us most. Still stuck? Write to us.');
  });
});
