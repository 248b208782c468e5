import { describe, expect, it } from 'vitest';
import {
  captureClickIdsOnLoad,
  captureClickIdsOnRouteChange,
  readClickIds,
  removeSessionTokenFromAddress,
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

  it('gives back the search without the ids and tokens, which leave the address once stored', () => {
    expect(captureClickIdsOnRouteChange('?ep=2&token=ref&fbclid=fb&ttclid=tt&q=a')).toBe('?ep=2&q=a');
    expect(stored()).toEqual({ xUserRefererToken: 'ref', FBCLID: 'fb', TTCLID: 'tt' });
    // Stored at page load (a navigation does not take them): they leave too.
    expect(captureClickIdsOnRouteChange('?userToken=u&xUserRefererToken=r')).toBe('?');
    expect(captureClickIdsOnRouteChange('?ep=2')).toBeNull();
    expect(captureClickIdsOnRouteChange('')).toBeNull();
  });
});

describe('the reset link page', () => {
  it('keeps its own token in the address and never stores it as the referrer token', () => {
    captureClickIdsOnLoad('?token=reset-secret&fbclid=fb', '/retrievePassword');
    expect(stored()).toEqual({ FBCLID: 'fb' });
    expect(captureClickIdsOnRouteChange('?token=reset-secret&fbclid=fb', '/retrievePassword')).toBe(
      '?token=reset-secret',
    );
    expect(stored()).toEqual({ FBCLID: 'fb' });
    // Elsewhere `token` is the referrer token.
    expect(captureClickIdsOnRouteChange('?token=ref', '/videos/3')).toBe('?');
    expect(stored()).toEqual({ xUserRefererToken: 'ref', FBCLID: 'fb' });
  });
});

describe('removeSessionTokenFromAddress', () => {
  it('drops userToken from the address and keeps the rest', () => {
    window.history.replaceState({ idx: 0 }, '', '/videos/3?fbclid=fb&userToken=secret&ep=2#top');
    captureClickIdsOnLoad(window.location.search);
    expect(removeSessionTokenFromAddress()).toBe('secret');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/videos/3?fbclid=fb&ep=2#top',
    );
    expect(window.history.state).toEqual({ idx: 0 });
    expect(localStorage.getItem('userToken')).toBe('secret');
  });

  it('leaves an address without a session token alone', () => {
    window.history.replaceState(null, '', '/?token=ref');
    const before = window.history.length;
    expect(removeSessionTokenFromAddress()).toBeNull();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/?token=ref');
    expect(window.history.length).toBe(before);
  });
});

describe('readClickIds', () => {
  it('returns the stored ids or empty strings', () => {
    expect(readClickIds()).toEqual({ fbclid: '', ttclid: '' });
    localStorage.setItem('FBCLID', 'f');
    expect(readClickIds()).toEqual({ fbclid: 'f', ttclid: '' });
  });
});
