import { describe, expect, it, vi } from 'vitest';
import {
  captureClickIdsOnLoad,
  captureClickIdsOnRouteChange,
  readClickIds,
  removeStoredFromAddress,
  searchWithoutStored,
  trackedAddress,
} from './capture';

const stored = () => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));

describe('captureClickIdsOnLoad', () => {
  it('saves token, xUserRefererToken, userToken, fbclid and ttclid under their keys', () => {
    captureClickIdsOnLoad('?token=ref1&userToken=u1&fbclid=fb1&ttclid=tt1');
    expect(stored()).toEqual({ xUserRefererToken: 'ref1', userToken: 'u1', FBCLID: 'fb1', TTCLID: 'tt1' });
  });

  it('saves xUserRefererToken as the referrer token, winning over token', () => {
    captureClickIdsOnLoad('?xUserRefererToken=ref2');
    expect(localStorage.getItem('xUserRefererToken')).toBe('ref2');
    captureClickIdsOnLoad('?token=a&xUserRefererToken=b');
    expect(localStorage.getItem('xUserRefererToken')).toBe('b');
  });

  it('writes nothing for absent or empty parameters and keeps earlier values', () => {
    localStorage.setItem('FBCLID', 'old');
    captureClickIdsOnLoad('?fbclid=&ttclid=&other=1');
    expect(stored()).toEqual({ FBCLID: 'old' });
  });

  it('accepts URLSearchParams', () => {
    captureClickIdsOnLoad(new URLSearchParams({ ttclid: 'tt9' }));
    expect(localStorage.getItem('TTCLID')).toBe('tt9');
  });
});

describe('captureClickIdsOnRouteChange', () => {
  it('saves token, fbclid and ttclid, each under its own key', () => {
    captureClickIdsOnRouteChange('?token=ref&fbclid=fb&ttclid=tt');
    expect(stored()).toEqual({ xUserRefererToken: 'ref', FBCLID: 'fb', TTCLID: 'tt' });
  });

  it('never overwrites the Facebook click id with the TikTok one', () => {
    localStorage.setItem('FBCLID', 'fb-original');
    captureClickIdsOnRouteChange('?ttclid=tt-new');
    expect(localStorage.getItem('FBCLID')).toBe('fb-original');
    expect(localStorage.getItem('TTCLID')).toBe('tt-new');
  });

  it('does not take userToken or xUserRefererToken from a navigation', () => {
    captureClickIdsOnRouteChange('?userToken=u&xUserRefererToken=r');
    expect(stored()).toEqual({});
  });
});

describe('removeStoredFromAddress', () => {
  const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

  it('takes the stored ids and tokens out of the address, keeping the other parameters, the hash and the state', () => {
    window.history.replaceState({ idx: 0 }, '', '/videos/3?fbclid=fb&userToken=secret&ep=2&ttclid=tt&token=ref#top');
    captureClickIdsOnLoad(window.location.search);
    expect(removeStoredFromAddress()).toBe('secret');
    expect(address()).toBe('/videos/3?ep=2#top');
    expect(window.history.state).toEqual({ idx: 0 });
    expect(stored()).toEqual({ userToken: 'secret', FBCLID: 'fb', TTCLID: 'tt', xUserRefererToken: 'ref' });
  });

  it('takes xUserRefererToken and empty ids out too', () => {
    window.history.replaceState(null, '', '/?xUserRefererToken=r&fbclid=&lang=dy');
    captureClickIdsOnLoad(window.location.search);
    expect(removeStoredFromAddress()).toBeNull();
    expect(address()).toBe('/?lang=dy');
  });

  it('keeps an id that storage refused: the address is the only place it lives', () => {
    window.history.replaceState(null, '', '/?fbclid=fb&userToken=secret');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('refused');
    });
    captureClickIdsOnLoad(window.location.search);
    setItem.mockRestore();
    // The session token leaves the address whatever happens: it is exchanged for the session cookie.
    expect(removeStoredFromAddress()).toBe('secret');
    expect(address()).toBe('/?fbclid=fb');
  });

  it('leaves an address without ids alone', () => {
    window.history.replaceState(null, '', '/search?q=ceo');
    const before = window.history.length;
    expect(removeStoredFromAddress()).toBeNull();
    expect(address()).toBe('/search?q=ceo');
    expect(window.history.length).toBe(before);
  });

  it('still reports the click ids of the landing page to analytics, until the viewer moves on', () => {
    window.history.replaceState(null, '', '/videos/3?fbclid=fb&ttclid=tt&token=ref');
    captureClickIdsOnLoad(window.location.search);
    removeStoredFromAddress();
    window.history.replaceState(null, '', '/videos/3?ep=1');
    expect(trackedAddress()).toBe(`${window.location.origin}/videos/3?ep=1&fbclid=fb&ttclid=tt`);
    window.history.pushState(null, '', '/my');
    expect(trackedAddress()).toBe(`${window.location.origin}/my`);
    window.history.pushState(null, '', '/videos/3');
    expect(trackedAddress()).toBe(`${window.location.origin}/videos/3`);
  });
});

describe('searchWithoutStored', () => {
  it('takes out the referrer token and click ids a navigation stored, and nothing else', () => {
    captureClickIdsOnRouteChange('?token=ref&fbclid=fb&ep=2&userToken=u');
    expect(searchWithoutStored('?token=ref&fbclid=fb&ep=2&userToken=u')).toBe('?ep=2&userToken=u');
    // Not stored: kept.
    expect(searchWithoutStored('?ttclid=tt')).toBeNull();
    captureClickIdsOnRouteChange('?ttclid=tt');
    expect(searchWithoutStored('?ttclid=tt')).toBe('');
    expect(searchWithoutStored('?ep=2')).toBeNull();
  });
});

describe('readClickIds', () => {
  it('returns the stored ids or empty strings', () => {
    expect(readClickIds()).toEqual({ fbclid: '', ttclid: '' });
    localStorage.setItem('FBCLID', 'f');
    expect(readClickIds()).toEqual({ fbclid: 'f', ttclid: '' });
  });
});
