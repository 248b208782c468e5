import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

interface HomepageAnswer {
  data?: { featured?: { id: number; title: string }[]; sections?: { items?: { id: number; title: string }[] }[] };
}

/** The series the homepage shows, each once, the most prominent first. */
export async function homepageSeries(baseUrl: string): Promise<{ id: number; title: string }[]> {
  const answer = (await (await fetch(`${baseUrl}/api/homepage`)).json()) as HomepageAnswer;
  const all = [...(answer.data?.featured ?? []), ...(answer.data?.sections ?? []).flatMap((s) => s.items ?? [])];
  const seen = new Set<number>();
  return all.filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/** Calls the API from inside the page, so the session cookie (and the stored token header) go along. */
export function apiFromPage<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ code: number; message: string; data: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('userToken');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers['x-User-Token'] = token;
      const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number; message: string; data: T };
    },
    { method, url, body },
  );
}

/** The episodes of a series, in order (durations in seconds). */
export async function episodesOf(
  page: Page,
  seriesId: number,
): Promise<{ id: number; number: number; duration: number }[]> {
  const answer = await apiFromPage<{ id: number; number: number; duration: number }[]>(
    page,
    'GET',
    `/api/video/episode?seriesId=${String(seriesId)}`,
  );
  if (answer.code !== 200) throw new Error(`episode list: ${String(answer.code)} ${answer.message}`);
  return answer.data;
}

/** Fills and sends the registration form (the page must be on /register). */
export async function registerThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and sends the sign-in form (the page must be on /login). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

let counter = 0;
/** A fresh email address for one journey. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${String(Date.now())}-${String(counter)}@episodic.test`;
}

/**
 * Waits (up to 15 s) for a mail to `to` in the outbox of a server's data folder that `pick` finds what it
 * looks for in, and returns what it found; `what` names the mail in the error when none comes.
 */
export async function mailTo<T>(
  dataDir: string,
  to: string,
  what: string,
  pick: (mail: ParsedMail) => T | undefined,
): Promise<T> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(await fs.readFile(path.join(outbox, file)));
      const recipients = [mail.to]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((v) => v.address);
      const found = recipients.includes(to) ? pick(mail) : undefined;
      if (found !== undefined) return found;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} for ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
