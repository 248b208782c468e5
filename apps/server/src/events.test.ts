import { describe, expect, it } from 'vitest';
import { EventBus } from './events';

describe('event bus', () => {
  it('fails the wiring when an event an emitter declares has no handler', () => {
    const events = new EventBus();
    events.emits('user.registered', 'user.deleting');
    events.on('user.registered', async () => {});
    expect(() => events.assertHandled()).toThrow(
      'No handler for the emitted event(s) user.deleting: wire one, or stop emitting it.',
    );
    events.on('user.deleting', async () => {});
    expect(() => events.assertHandled()).not.toThrow();
  });

  it('runs the handlers of an event in order, each awaited', async () => {
    const events = new EventBus();
    const seen: string[] = [];
    events.on('user.registered', async ({ userId }) => {
      await new Promise((r) => setImmediate(r));
      seen.push(`first ${userId}`);
    });
    events.on('user.registered', async ({ userId }) => void seen.push(`second ${userId}`));
    await events.emit('user.registered', { userId: 'u1', ip: '127.0.0.1', userAgent: null });
    expect(seen).toEqual(['first u1', 'second u1']);
  });
});
