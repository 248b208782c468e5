import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TrackModule from './track';

// Each test gets a fresh module: the sink registry and the pending queue are module state.
let tracking: typeof TrackModule;
beforeEach(async () => {
  vi.resetModules();
  tracking = await import('./track');
});

describe('track', () => {
  it('builds an event with the specification fields', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_772_000_000_123);
    const sink = vi.fn();
    tracking.registerTrackingSink(sink);
    tracking.track('Purchase', { value: 4.99, order_id: 'o-1' });
    expect(sink).toHaveBeenCalledTimes(1);
    const event = sink.mock.calls[0]?.[0] as TrackModule.TrackingEvent;
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_time: 1_772_000_000,
      event_source_url: window.location.href,
      action_source: 'website',
      currency: 'USD',
      value: 4.99,
      custom_data: { currency: 'USD', value: 4.99, order_id: 'o-1' },
      custom: false,
    });
    expect(event.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.custom_data).not.toHaveProperty('search_string');
  });

  it('keeps an event id the caller derived (a conversion the server reports too), and ignores a malformed one', () => {
    expect(tracking.buildTrackingEvent('Purchase', { event_id: 'purchase-o-1' }).event_id).toBe('purchase-o-1');
    expect(tracking.buildTrackingEvent('Purchase', { event_id: 'not an id!' }).event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tracking.buildTrackingEvent('Purchase', { event_id: 42 }).event_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every event its own id', () => {
    const a = tracking.buildTrackingEvent('x');
    const b = tracking.buildTrackingEvent('x');
    expect(a.event_id).not.toBe(b.event_id);
  });

  it('defaults value to 0 and keeps a search string', () => {
    const event = tracking.buildTrackingEvent('search', { search_string: 'ceo' });
    expect(event.value).toBe(0);
    expect(event.custom_data).toEqual({ currency: 'USD', value: 0, search_string: 'ceo' });
  });

  it('marks names with an underscore, and "search", as custom events', () => {
    expect(tracking.isCustomEvent('http_error_api_user_0')).toBe(true);
    expect(tracking.isCustomEvent('search')).toBe(true);
    expect(tracking.isCustomEvent('Search')).toBe(false);
    expect(tracking.isCustomEvent('Purchase')).toBe(false);
    expect(tracking.buildTrackingEvent('search').custom).toBe(true);
  });

  it('hands each event to every sink', () => {
    const a = vi.fn();
    const b = vi.fn();
    tracking.registerTrackingSink(a);
    tracking.registerTrackingSink(b);
    tracking.track('ViewContent');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('queues at most 50 events until the first sink arrives, then flushes them in order to it only', () => {
    for (let i = 0; i < 60; i++) tracking.track(`e_${String(i)}`);
    const first = vi.fn();
    const second = vi.fn();
    tracking.registerTrackingSink(first);
    tracking.registerTrackingSink(second);
    expect(first).toHaveBeenCalledTimes(tracking.MAX_PENDING_EVENTS);
    expect((first.mock.calls[0]?.[0] as TrackModule.TrackingEvent).event_name).toBe('e_10');
    expect((first.mock.calls[49]?.[0] as TrackModule.TrackingEvent).event_name).toBe('e_59');
    expect(second).not.toHaveBeenCalled();
  });

  it('never lets a throwing or rejecting sink break the caller or the other sinks', async () => {
    const after = vi.fn();
    tracking.registerTrackingSink(() => {
      throw new Error('boom');
    });
    tracking.registerTrackingSink(() => Promise.reject(new Error('async boom')));
    tracking.registerTrackingSink(after);
    expect(() => tracking.track('Lead')).not.toThrow();
    await Promise.resolve();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('stops delivering to a removed sink', () => {
    const sink = vi.fn();
    const remove = tracking.registerTrackingSink(sink);
    remove();
    tracking.track('x');
    expect(sink).not.toHaveBeenCalled();
  });
});
