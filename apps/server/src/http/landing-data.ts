import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  FOR_YOU_PAGE,
  LANDING_DATA_ID,
  PLAYER_SERIES_PAGE,
  htmlLangFor,
  isLanguage,
  landingAddress,
  landingEpisodeNumber,
  type LandingData,
} from '@episodic/contract/constants';

/** An envelope that says success, with its data (undefined for any other answer). */
export function successData(body: unknown): unknown {
  const envelope = body as { code?: unknown; data?: unknown } | null;
  return envelope && typeof envelope === 'object' && envelope.code === 200 ? (envelope.data ?? null) : undefined;
}

/**
 * The first API answers of a landing page, for its document: on a player page (`/videos/{id}`, and with
 * `?ep=` the episode's playback information and first second) and on For You (the first feed page and
 * its first item's playback information). They are the API's own answers, asked of this app in-process
 * with the document request's session cookie and address and the language the page's script will ask
 * in (`?lang=`, else the default), so every rule of those routes holds unchanged: a locked episode comes
 * without media, another viewer's session is never used. The page's script
 * (apps/web/src/boot/early-start.ts) takes them only when it would ask as the same viewer in the same
 * language. Null when the address is no such page, the session came another way, or `budgetMs` ran
 * out (LANDING_DATA_BUDGET_MS: the answers are cache hits or a few indexed reads; past that the
 * document goes out without them and its script asks the API itself, as it would have anyway).
 */
export async function landingData(
  app: FastifyInstance,
  req: FastifyRequest,
  budgetMs: number,
): Promise<LandingData | null> {
  if (budgetMs <= 0) return null;
  const url = new URL(req.url, 'http://localhost');
  const series = PLAYER_SERIES_PAGE.exec(url.pathname);
  const forYou = FOR_YOU_PAGE.test(url.pathname);
  if (!series && !forYou) return null;
  const auth = await req.auth();
  if (auth && auth.via !== 'cookie') return null;
  const lang = url.searchParams.get('lang');
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const answers: Record<string, unknown> = {};

  const ask = async (address: string): Promise<unknown> => {
    const cookie = req.headers.cookie;
    const res = await app.inject({
      method: 'GET',
      url: address,
      remoteAddress: req.ip,
      headers: {
        accept: 'application/json',
        'accept-language': htmlLangFor(language),
        ...(cookie ? { cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
    });
    if (res.statusCode !== 200) return undefined;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return undefined;
    }
    const data = successData(body);
    if (data !== undefined) answers[address] = body;
    return data;
  };

  const gather = async () => {
    if (series) {
      const id = series[1]!;
      const ep = landingEpisodeNumber(url.searchParams.get('ep'));
      const [, list] = await Promise.all([ask(landingAddress.series(id)), ask(landingAddress.episodes(id))]);
      const opened = Array.isArray(list)
        ? (list as { id: number; number: number }[]).find((e) => e.number === ep)
        : null;
      if (ep && opened) await ask(landingAddress.playback(opened.id));
    } else {
      const page = (await ask(landingAddress.feed())) as { items?: { episode?: { id?: number } }[] } | undefined;
      const first = page?.items?.[0]?.episode?.id;
      if (typeof first === 'number') await ask(landingAddress.playback(first));
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    gather().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), budgetMs);
    }),
  ]);
  clearTimeout(timer);
  if (!inTime || Object.keys(answers).length === 0) return null;
  return { language, viewer: auth?.userId ?? null, answers };
}

/**
 * The data block for a document's head, before its script: JSON that no `</script>`, `<!--` or line
 * separator in a title can break out of (every `<`, U+2028 and U+2029 escaped). Not executed, so the
 * page's script policy does not apply to it.
 */
export function landingDataTag(data: LandingData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${LANDING_DATA_ID}">${json}</script>`;
}
