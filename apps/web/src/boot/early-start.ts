// index.html's inline script, written here and inlined by the build (vite.config.ts, earlyStart): the
// storage keys, header names and languages come from @episodic/contract/constants and the player page's
// address from the app's own route patterns, so this copy cannot drift from the app's. It is bundled
// on its own, with nothing but those constants: keep its imports to plain values.
//
// Runs before the app's code, and starts it (the app takes over what it starts):
// - the landing page's first API calls are made with the headers and parameters every API call
//   carries (specification §7): the home screen (whose first featured slide is drawn as soon as it
//   is known), the player page's series, episodes, playback information and first second of video
//   (whose frame and series title are drawn as soon as they are known), and For You's first feed page
//   and first second. Answers the server already put into the document are taken from there;
//   then only the key and first segment go out before the code;
// - every landing page preloads its own chunks (the table is filled in by the build; the player page
//   and For You, which is the same page, also hls.js and the pages' stylesheet, pages other than home
//   also all messages of the language);
// - then the app's code runs. On the player page the chunks and the code wait for the title.
//
// The build wraps it in a function of its own (an IIFE), so nothing here becomes a global of the page.
import {
  ContextHeader,
  FOR_YOU_PAGE,
  LANDING_DATA_ID,
  LANGUAGES,
  PLAYER_SERIES_PAGE,
  StorageKey,
  USER_TOKEN_HEADER,
  htmlLangFor,
  landingAddress,
  landingEpisodeNumber,
  lightestVariant,
  type LandingData,
} from '@episodic/contract/constants';
import type { EpisodeStart } from '@episodic/contract';
import { LINK_TOKEN_PAGE } from '../shared/links/link-token-page';
import { PLAYER_PAGE } from '../shared/links/player-path';

/** The chunks each landing page needs, and the entry: filled in by the build (none in development). */
export interface RoutePreloads {
  home?: string[];
  videos?: string[];
  messages?: Record<string, string>;
  entry?: string;
  /** boot/early-player.ts, bundled with hls.js; and hls.js's own chunk, which the early player replaces. */
  earlyPlayer?: string;
  hls?: string;
}

declare const __ROUTE_PRELOADS__: RoutePreloads;

/** What boot/early-player.ts exports: as a module file, or set by the document's copy of it. */
interface EarlyPlayerCode {
  startEarlyPlayer: (request: unknown) => Promise<void>;
}
declare global {
  interface Window {
    __episodicEarlyPlayerCode?: EarlyPlayerCode;
  }
}

interface ListedEpisode {
  id: number;
  number: number;
  hls?: string | null;
}

const chunks = __ROUTE_PRELOADS__;
/** After the app's entry has arrived, what a first visit waits before fetching the early player's file for the next one. */
const NEXT_VISIT_DELAY_MS = 1000;
let drawn: Promise<unknown> | null = null;
// The early player's first frame (boot/early-player.ts), when it plays the opened episode.
let playing: Promise<unknown> | null = null;
// Runs `run` once the player page's title is drawn (or its answers failed, or after 1.5 s), and the
// early player's first frame is shown (or after 3 s); on other pages at once: that first paint then
// shares the line with the two API answers only.
const afterTitle = function (run: () => void) {
  if (!drawn) return run();
  let done = false;
  const once = function () {
    if (done) return;
    done = true;
    run();
  };
  void drawn
    .then(function () {
      if (!playing) return once();
      setTimeout(once, 3000);
      return playing;
    })
    .then(once, once);
  setTimeout(function () {
    if (!playing) once();
  }, 1500);
};
try {
  const q = new URLSearchParams(location.search),
    s = window.localStorage;
  const get = function (k: string): string {
    try {
      return s.getItem(k) || '';
    } catch {
      return '';
    }
  };
  const langs: Record<string, string> = {};
  for (const language of LANGUAGES) langs[language] = htmlLangFor(language);
  const lang = langs[q.get('lang')!] ? q.get('lang')! : langs[get('language')] ? get('language') : 'en';
  const path = location.pathname,
    home = path === '/';
  const fbclid = q.get('fbclid') || get(StorageKey.fbclid),
    ttclid = q.get('ttclid') || get(StorageKey.ttclid);
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': langs[lang]! };
  const put = function (k: string, v: string) {
    if (v) h[k] = v;
  };
  put(ContextHeader.refererToken, (LINK_TOKEN_PAGE.test(path) ? '' : q.get('token')) || get(StorageKey.refererToken));
  put(ContextHeader.userToken, get(StorageKey.userToken));
  put(ContextHeader.fbclid, fbclid);
  put(ContextHeader.ttclid, ttclid);
  const clickIds = new URLSearchParams();
  if (fbclid) clickIds.set('fbclid', fbclid);
  if (ttclid) clickIds.set('ttclid', ttclid);
  const clicks = clickIds.toString();
  // A GET the app is about to make, asked for now: the address as the API client builds it (the
  // click ids last), its answer taken over once (shared/api/client.ts), in this language only.
  // Once read, the answer's body (and a session token it issued) is kept too, so the app can use it
  // in its first render.
  const early: NonNullable<Window['__episodicEarly']> = (window.__episodicEarly = {});
  // The answers the server put into this document (server: http/landing-data.ts), when they were made
  // for the viewer and language this page asks as: the session's user (none for a new visitor, whose
  // first call creates one) and this language. Otherwise they are left, and the API is asked.
  let landed: LandingData | null = null;
  try {
    const block = document.getElementById(LANDING_DATA_ID);
    const parsed = block ? (JSON.parse(block.textContent || 'null') as LandingData | null) : null;
    if (parsed && parsed.language === lang && (parsed.viewer || '') === get(StorageKey.userId)) landed = parsed;
  } catch {
    landed = null;
  }
  const ask = function (address: string): Promise<unknown> {
    const url = address + (clicks ? (address.indexOf('?') < 0 ? '?' : '&') + clicks : '');
    const carried = landed && landed.answers[address];
    if (carried) {
      const answer = new Response(JSON.stringify(carried), { headers: { 'Content-Type': 'application/json' } });
      early[url] = { language: lang, response: Promise.resolve(answer), body: carried };
      return Promise.resolve(carried);
    }
    const response = fetch(url, { headers: h, credentials: 'same-origin' }).catch(function () {
      return null;
    });
    const entry: NonNullable<(typeof early)[string]> = (early[url] = { language: lang, response: response });
    return response
      .then(function (r) {
        if (!r || !r.ok) return null;
        entry.token = r.headers.get(USER_TOKEN_HEADER);
        return r.clone().json() as Promise<unknown>;
      })
      .then(function (body) {
        return (entry.body = body || undefined);
      })
      .catch(function () {
        return null;
      });
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read as loosely as they are checked
  const data = function (body: any): any {
    return body && body.code === 200 ? body.data : null;
  };
  const mse = !!(window.MediaSource || (window as { ManagedMediaSource?: unknown }).ManagedMediaSource);
  // The player page's episode plays before the app's code has arrived (boot/early-player.ts) when the
  // document carried its playback answer with the first second: the early player and the first segment
  // then come first, and the app's code once the first frame is shown.
  const series = PLAYER_SERIES_PAGE.exec(path),
    ep = landingEpisodeNumber(q.get('ep'));
  let earlyPlay: { episodeId: number; hls: string } | null = null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as `data`
  const playableStart = function (episodeId: number, playback: any) {
    if (playback && playback.playable && playback.hls && playback.start) earlyPlay = { episodeId, hls: playback.hls };
  };
  if (series && ep && landed && mse && chunks.earlyPlayer && !q.has('t')) {
    const listed: ListedEpisode[] = data(landed.answers[landingAddress.episodes(series[1]!)]) || [];
    for (let i = 0; i < listed.length; i++)
      if (listed[i]!.number === ep)
        playableStart(listed[i]!.id, data(landed.answers[landingAddress.playback(listed[i]!.id)]));
  }
  // For You: its first item's first episode, from the start.
  if (FOR_YOU_PAGE.test(path) && landed && mse && chunks.earlyPlayer) {
    const feed = data(landed.answers[landingAddress.feed()]);
    const first = feed && feed.items && feed.items[0];
    if (first && first.episode && first.episode.id)
      playableStart(first.episode.id, data(landed.answers[landingAddress.playback(first.episode.id)]));
  }
  // The first download, before this script's API calls and preloads: the app's entry (on the player page
  // it then has the line to itself), or the early player.
  const moduleHint = function (href: string): HTMLLinkElement {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    if (href) document.head.appendChild(link);
    return link;
  };
  // A first visit's document carries the early player's code itself (server: http/inline-player.ts),
  // at its end: nothing to ask for, it runs before the document is parsed.
  const inlinePlayer = !!landed && landed.player === 'inline';
  const hint = moduleHint((earlyPlay ? (inlinePlayer ? '' : chunks.earlyPlayer) : chunks.entry) || '');
  const el = function (tag: string, className: string, parent?: HTMLElement): HTMLElement {
    const node = document.createElement(tag);
    node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  };
  if (home) {
    // The first featured slide's card and picture, drawn where the app's carousel draws them (the
    // page's largest picture shows as soon as it arrives; the app replaces it with its own slide).
    // e2e/discovery-catalog checks that both draw the picture in the same place.
    void ask(landingAddress.homepage()).then(function (body) {
      const first = data(body) && data(body).featured && data(body).featured[0];
      const image = first && (first.banner || first.cover);
      const layout = document.getElementById('early-layout');
      if (!image || !layout) return;
      const main = el('main', '', layout);
      const card = el(
        'span',
        'relative flex h-full items-stretch gap-3 overflow-hidden rounded-2xl p-3',
        el(
          'div',
          'relative h-full w-full',
          el(
            'div',
            'flex aspect-[16/10] overflow-hidden rounded-2xl',
            el('section', 'flex flex-col gap-2', el('div', 'flex flex-col gap-6 px-4 pt-4 pb-8', main)),
          ),
        ),
      );
      // As the carousel caps it (white words must read on it), so the colour does not change under the app.
      card.style.backgroundColor = 'oklch(from ' + (first.accentColor || '#282832') + ' min(l,.42) c h)';
      const picture = el(
        'img',
        first.banner ? 'absolute inset-0 size-full object-cover' : 'size-full object-cover',
        first.banner
          ? card
          : el(
              'span',
              'relative aspect-[3/4] h-full shrink-0 overflow-hidden rounded-xl bg-black/25 shadow-lg shadow-black/40',
              card,
            ),
      ) as HTMLImageElement;
      picture.alt = '';
      picture.setAttribute('fetchpriority', 'high');
      picture.src = image;
    });
  }
  // The player page: the series, its episodes and, when the address names one, that episode's
  // playback information (the list says its id).
  const parsed = new Promise(function (resolve) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', resolve);
    else resolve(null);
  });
  // And, with Media Source Extensions (hls.js), that episode's first second of video: the master
  // playlist, the lightest rendition's playlist (hls.js starts there), its key and first segment,
  // kept by absolute address for the player's loader (features/player/early-media.ts).
  const earlyMedia: NonNullable<Window['__episodicEarlyMedia']> = (window.__episodicEarlyMedia = {});
  // On the player page and For You, the app's code is the longest path to the first frame: its entry
  // (preloaded by the head) comes first, with the line to itself, and runs while the rest comes (the
  // page's chunks, the key and the first segment), a second at most. Sharing the line with all of
  // them, it arrived ~200 ms later (bench/first-frame.bench.ts).
  const codeFirst = new Promise(function (resolve) {
    if (earlyPlay || !chunks.entry || !(PLAYER_PAGE.test(path) || FOR_YOU_PAGE.test(path))) return resolve(null);
    hint.addEventListener('load', resolve);
    hint.addEventListener('error', resolve);
    setTimeout(resolve, 1000);
  });
  const mh: Record<string, string> = {};
  for (const name in h) if (name !== 'Accept' && name !== 'Accept-Language') mh[name] = h[name]!;
  // The early player, with the API's headers for its playlists and key; settles at its first frame.
  const startEarly = function (play: { episodeId: number; hls: string }, frame: HTMLElement, overlay: HTMLElement) {
    const inline = window.__episodicEarlyPlayerCode;
    return (inline ? Promise.resolve(inline) : (import(chunks.earlyPlayer!) as Promise<EarlyPlayerCode>))
      .then(function (module) {
        return module.startEarlyPlayer({ episodeId: play.episodeId, url: play.hls, headers: mh, frame, overlay });
      })
      .catch(function () {});
  };
  const media = function (url: string, binary?: boolean): Promise<string | ArrayBuffer | null> {
    // Kept before it is asked for: `data` is set as the request starts.
    const entry = (earlyMedia[url] = { start: performance.now() } as NonNullable<(typeof earlyMedia)[string]>);
    // The key and the segment are the last things a first frame needs: they wait for the app's code.
    entry.data = (binary && !earlyPlay ? codeFirst : Promise.resolve(null))
      .then(function () {
        entry.start = performance.now();
        return fetch(url, {
          headers: url.indexOf(location.origin + '/api/') === 0 ? mh : {},
          credentials: 'same-origin',
        });
      })
      .then(function (r): Promise<string | ArrayBuffer> | null {
        entry.first = performance.now();
        return r.ok ? (binary ? r.arrayBuffer() : r.text()) : null;
      })
      .then(function (d) {
        entry.end = performance.now();
        return d;
      })
      .catch(function () {
        return null;
      });
    return entry.data;
  };
  const rows = function (text: unknown): string[] {
    return String(text || '')
      .split('\n')
      .map(function (row) {
        return row.trim();
      });
  };
  // The playlists the server sent with the episode's playback information (EpisodeStart): only the
  // key and the first segment are left to ask for.
  const startFrom = function (hls: string, start: EpisodeStart) {
    const at = performance.now();
    const keep = function (url: string, text: string) {
      earlyMedia[new URL(url, location.href).href] = { start: at, first: at, end: at, data: Promise.resolve(text) };
    };
    keep(hls, start.master);
    keep(start.playlistUrl, start.playlist);
    firstSegment(new URL(start.playlistUrl, location.href).href, start.playlist);
  };
  const firstSegment = function (playlist: string, text: unknown) {
    const lines = rows(text);
    let key: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      if (/^#EXT-X-KEY:/.test(lines[i]!)) key = (/URI="([^"]+)"/.exec(lines[i]!) || [])[1];
      else if (lines[i] && lines[i]!.charAt(0) !== '#') {
        if (key) void media(new URL(key, playlist).href, true);
        void media(new URL(lines[i]!, playlist).href, true);
        return;
      }
    }
  };
  const firstSecond = function (hls: string) {
    const master = new URL(hls, location.href).href;
    void media(master).then(function (text) {
      const lightest = lightestVariant(String(text || ''));
      if (!lightest) return;
      const playlist = new URL(lightest, master).href;
      void media(playlist).then(function (text) {
        firstSegment(playlist, text);
      });
    });
  };
  // An episode's playback information and, with Media Source Extensions, its first second: from the
  // playlists the answer carries when it is already here, else asked for along the master playlist
  // (`hls`, when the list named it) or after the answer.
  const open = function (episodeId: number, hls: string | null | undefined): Promise<unknown> {
    const address = landingAddress.playback(episodeId);
    const carried = !!(landed && landed.answers[address]);
    const answer = ask(address);
    if (!mse) return answer;
    if (hls && !carried) {
      firstSecond(hls);
      return answer;
    }
    return answer.then(function (body) {
      const playback = data(body);
      if (playback && playback.hls && playback.start) startFrom(playback.hls, playback.start);
      else if (playback && playback.hls) firstSecond(playback.hls);
    });
  };
  if (series) {
    const seriesAnswer = ask(landingAddress.series(series[1]!));
    const listAnswer = ask(landingAddress.episodes(series[1]!));
    // Settles once the first second's requests are made (or there are none to make): until then the
    // player's loader waits rather than asking for the master playlist a second time.
    window.__episodicEarlyMediaReady = listAnswer.then(function (body) {
      const list: ListedEpisode[] = data(body) || [];
      for (let i = 0; ep && i < list.length; i++)
        // The list names the master playlist of an episode the viewer may watch.
        if (list[i]!.number === ep) return open(list[i]!.id, list[i]!.hls);
    });
    // The player's frame and the series title, drawn where the player draws them over an episode that
    // plays (the page's largest text shows as soon as it is known; the app replaces it with its own
    // player). A locked episode, or one the list does not name, is left to the app.
    // e2e/player-journey checks that both draw the title in the same place.
    // Answers the document carried are here before its body is: the frame waits for the layout.
    drawn = Promise.all([seriesAnswer, listAnswer, parsed]).then(function (answers) {
      const info = data(answers[0]),
        list: ListedEpisode[] = data(answers[1]) || [];
      let opens: ListedEpisode | null = null;
      for (let i = 0; i < list.length; i++) if (list[i]!.number === (ep || 1)) opens = list[i]!;
      const layout = document.getElementById('early-layout');
      if (!info || !info.title || !opens || !opens.hls || !layout) return;
      const overlay = el('div', 'early-player', layout);
      const frame = el('div', 'early-frame', overlay);
      playing = earlyPlay ? startEarly(earlyPlay, frame, overlay) : null;
      if (info.accentColor)
        frame.style.backgroundImage =
          'radial-gradient(120% 80% at 50% 35%, ' + info.accentColor + '55, transparent 70%)';
      el(
        'h1',
        'early-title',
        el('div', 'early-text', el('div', 'early-row', el('div', 'early-chrome', frame))),
      ).textContent = info.title;
    });
  }
  // For You: the first feed page and its first item's playback information and first second. When the
  // document carried them, the chunks wait for the key and first segment to be asked for (a moment):
  // on HTTP/1.1 they would otherwise take the connections first.
  if (FOR_YOU_PAGE.test(path)) {
    const ready = (window.__episodicEarlyMediaReady = ask(landingAddress.feed()).then(function (body) {
      const first = data(body) && data(body).items && data(body).items[0];
      if (first && first.episode && first.episode.id) return open(first.episode.id, null);
    }));
    if (landed) drawn = ready;
    // The feed's black frame where For You draws it (above the tab bar), for the early player.
    if (earlyPlay)
      drawn = Promise.all([ready, parsed]).then(function () {
        const layout = document.getElementById('early-layout');
        if (!layout || !earlyPlay) return;
        const overlay = el('div', 'early-feed', layout);
        playing = startEarly(earlyPlay, el('div', 'early-feed-frame', overlay), overlay);
      });
  }
  // After the API calls: on HTTP/1.1 (six connections) the chunks would otherwise queue ahead of them.
  // The player page's chunks (hls.js first, the largest) still arrive well before the first segment.
  let files = (home ? chunks.home : PLAYER_PAGE.test(path) || FOR_YOU_PAGE.test(path) ? chunks.videos : []) || [];
  // The early player brought hls.js.
  if (earlyPlay)
    files = files.filter(function (file) {
      return file !== chunks.hls;
    });
  if ((!home || lang !== 'en') && chunks.messages) files = files.concat(chunks.messages[lang] || []);
  const add = function (file: string) {
    const link = document.createElement('link');
    // A stylesheet is only fetched here; the page's code applies it (as Vite loads CSS: crossorigin).
    if (/\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
      link.crossOrigin = '';
    } else link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  };
  // On the player page one task a file: each costs a few milliseconds on a slow phone, and all of
  // them in the task that draws the title made one long task.
  const preload = function () {
    files.forEach(function (file) {
      if (drawn)
        setTimeout(function () {
          add(file);
        }, 0);
      else add(file);
    });
  };
  afterTitle(function () {
    if (!earlyPlay || !chunks.entry) return void codeFirst.then(preload);
    // After the early player's first frame: the app's entry first again, then the page's chunks.
    let done = false;
    const next = function () {
      if (done) return;
      done = true;
      preload();
      // The document brought the early player's code; the next visit's document names its file instead
      // (a browser with a session is taken to have it), so it is fetched for that visit once this page
      // has what it needs. Not with the data saver on.
      const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
      if (inlinePlayer && chunks.earlyPlayer && !(connection && connection.saveData))
        setTimeout(function () {
          const link = document.createElement('link');
          link.rel = 'prefetch';
          link.crossOrigin = '';
          link.href = chunks.earlyPlayer!;
          document.head.appendChild(link);
        }, NEXT_VISIT_DELAY_MS);
    };
    const entryHint = moduleHint(chunks.entry);
    entryHint.addEventListener('load', next);
    entryHint.addEventListener('error', next);
    setTimeout(next, 1000);
  });
} catch {
  // Whatever fails here, the app still starts and asks for everything itself.
}
// The app's code (in the build; the dev server loads src/main.tsx itself), run once the document is
// parsed (it mounts into #root). A failed load leaves what this script drew (as a failed script tag
// would), without an unhandled error.
const entry = chunks.entry;
const run = function () {
  import(entry!).catch(function () {});
};
if (entry)
  afterTitle(function () {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
    else run();
  });
