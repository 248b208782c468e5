import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderAt } from '../../test/render-at';
import { i18n } from '../../shared/i18n/i18n';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('policy and help pages', () => {
  it('shows the refund policy with the renewal and refund rules, and links the other pages', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderAt('/refundPolicy');
    expect(await screen.findByRole('heading', { level: 2, name: 'Refunds for accidental renewals' })).toBeTruthy();
    expect(screen.getByText(/within 7 days of the renewal charge/)).toBeTruthy();
    expect(screen.getByText('Last updated: November 22, 2026')).toBeTruthy();
    const more = screen.getByRole('navigation', { name: 'More help' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).not.toContain('/refundPolicy');
    expect(screen.getAllByRole('link', { name: 'Me' }).some((a) => a.getAttribute('href') === '/my')).toBe(true);
  });

  it('follows the interface language', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderAt('/privacyPolicy');
    await screen.findByRole('heading', { level: 2, name: 'What we collect' });
    await act(() => i18n.changeLanguage('dy'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Welche Daten wir erheben' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeTruthy();
  });

  it('answers the common questions in an accordion', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderAt('/commonQuestions');
    const question = await screen.findByRole('button', { name: 'How do I cancel my membership?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(question.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(true);
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText(/keep access until the end of the period you paid for/)).toBeTruthy();
  });
});

describe('contact form', () => {
  it('checks the fields, sends the message and confirms', async () => {
    const api = mockApi({ 'GET /api/user': () => ok(accountUser), 'POST /api/help/contact': () => ok({}) });
    renderAt('/contactUs');
    const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Your email' });
    await waitFor(() => {
      expect(email.value).toBe('viewer@example.com');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please add a subject.')).toBeTruthy();
    expect(screen.getByText('Please write your message.')).toBeTruthy();
    // How the details are used is said, not a box to tick.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/uses these details only to answer your request/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Subject' }));
    expect(api.requests('POST /api/help/contact')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Refund for a renewal' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'My membership renewed by mistake yesterday.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(screen.getByText(/will reply to viewer@example.com/)).toBeTruthy();
    expect(api.requests('POST /api/help/contact')[0]?.body).toMatchObject({
      email: 'viewer@example.com',
      subject: 'Refund for a renewal',
      message: 'My membership renewed by mistake yesterday.',
    });
  });

  it('says so when the message could not be sent', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'POST /api/help/contact': () => fail(500, 'Try later') });
    renderAt('/contactUs');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your email' }), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'An episode will not play.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("Your message couldn't be sent. Please try again in a moment.")).toBeTruthy();
  });
});
