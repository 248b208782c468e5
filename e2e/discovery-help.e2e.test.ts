import { screenshot } from './browser';
import { expect, test } from './fixtures';

// No page of these journeys throws.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('discovery: policy and help pages', () => {
  test('shows a policy in the chosen language, and the others from the footer', async ({ page }) => {
    await page.goto('/privacyPolicy');
    await page.getByRole('heading', { level: 2, name: 'What we collect' }).waitFor();
    expect(await page.getByText(/never store your full card number/).count()).toBeGreaterThan(0);
    await screenshot(page, 'discovery-privacy-en');

    await page.getByRole('combobox', { name: /Language/ }).selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Qué información recogemos' }).waitFor();
    await screenshot(page, 'discovery-privacy-es');

    await page.getByRole('combobox', { name: /Language/ }).selectOption('fy');
    await page.getByRole('heading', { level: 2, name: 'Ce que nous recueillons' }).waitFor();
    await page.getByRole('combobox', { name: /Language/ }).selectOption('en');

    for (const [path, heading, shot] of [
      ['/refundPolicy', 'Refunds for accidental renewals', 'discovery-refund'],
      ['/serviceAgreement', 'Memberships', 'discovery-service-agreement'],
      ['/contentPolicy', 'Reporting a problem', 'discovery-content-policy'],
    ] as const) {
      await page
        .locator('footer')
        .getByRole('link', {
          name: {
            '/refundPolicy': 'Refund Policy',
            '/serviceAgreement': 'Service Agreement',
            '/contentPolicy': 'Content Policy',
          }[path],
        })
        .click();
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, shot);
    }
  });

  test('answers common questions in an accordion', async ({ page }) => {
    await page.goto('/commonQuestions');
    const question = page.getByRole('button', { name: 'How do I cancel my membership?' });
    await question.waitFor();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('region', { name: 'How do I cancel my membership?' })
      .getByText(/cancel in one tap/)
      .waitFor();
    await screenshot(page, 'discovery-faq');
    await page.keyboard.press('Enter');
    expect(await question.getAttribute('aria-expanded')).toBe('false');
  });

  test('checks and sends the contact form, confirming or saying it could not be sent', async ({ page, baseURL }) => {
    const endpoint = await fetch(`${baseURL}/api/help/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const exists = endpoint.status !== 404;
    await page.goto('/contactUs');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please add a subject.').waitFor();
    await screenshot(page, 'discovery-contact-errors');
    await page.getByRole('textbox', { name: 'Your email' }).fill('viewer@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Refund for a renewal');
    await page.getByRole('textbox', { name: 'Message' }).fill('My monthly membership renewed yesterday by mistake.');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Send message' }).click();
    if (exists) {
      await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    } else {
      // The server has no contact endpoint yet: the form says the message was not sent and keeps it.
      await page.getByRole('alert').filter({ hasText: "Your message couldn't be sent" }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toContain('renewed yesterday');
    }
    await screenshot(page, 'discovery-contact-sent');
  });
});
