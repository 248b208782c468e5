import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner } from './runner';

/** A promise resolved from outside, to hold a task run open. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function clockAt(start: number) {
  let t = start;
  return { now: () => t, set: (v: number) => (t = v) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('job runner', () => {
  it('runs each task when the injected clock says it is due, one interval after the last run', async () => {
    const clock = clockAt(0);
    const runner = createJobRunner({ now: clock.now, onError: () => {} });
    const ran: string[] = [];
    runner.every('fast', 1000, async () => void ran.push('fast'));
    runner.every('slow', 60_000, async () => void ran.push('slow'));
    await runner.runDue(999);
    expect(ran).toEqual([]);
    await runner.runDue(1000);
    expect(ran).toEqual(['fast']);
    await runner.runDue(1500);
    expect(ran).toEqual(['fast']);
    await runner.runDue(60_000);
    expect(ran).toEqual(['fast', 'fast', 'slow']);
  });

  it('never runs a task over itself: a run still going when the next is due skips that one', async () => {
    const runner = createJobRunner({ now: () => 0, onError: () => {} });
    const held = gate();
    let runs = 0;
    runner.every('long', 10, async () => {
      runs++;
      await held.opened;
    });
    const first = runner.runDue(10);
    await runner.runDue(20);
    await runner.runDue(30);
    expect(runs).toBe(1);
    held.open();
    await first;
    await runner.runDue(40);
    expect(runs).toBe(2);
  });

  it('reports a failing task and keeps running it', async () => {
    const errors: [string, unknown][] = [];
    const runner = createJobRunner({ now: () => 0, onError: (task, err) => errors.push([task, err]) });
    let calls = 0;
    runner.every('flaky', 5, async () => {
      calls++;
      throw new Error('boom');
    });
    await runner.runDue(5);
    await runner.runDue(10);
    expect(calls).toBe(2);
    expect(errors.map(([task, err]) => [task, (err as Error).message])).toEqual([
      ['flaky', 'boom'],
      ['flaky', 'boom'],
    ]);
  });

  it('runs one task on demand, after the run in progress', async () => {
    const runner = createJobRunner({ now: () => 0, onError: () => {} });
    const held = gate();
    const order: string[] = [];
    let n = 0;
    runner.every('task', 1000, async () => {
      const mine = ++n;
      order.push(`start ${mine}`);
      if (mine === 1) await held.opened;
      order.push(`end ${mine}`);
    });
    const scheduled = runner.runDue(1000);
    const demanded = runner.run('task');
    held.open();
    await Promise.all([scheduled, demanded]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    await expect(runner.run('nothing')).rejects.toThrow(/No recurring task/);
  });

  it('runs a kicked task soon once started, and once more when kicked during a run', async () => {
    const runner = createJobRunner({ now: () => 0, onError: () => {} });
    const held = gate();
    let runs = 0;
    runner.every('queue', 60_000, async () => {
      runs++;
      if (runs === 1) await held.opened;
    });
    runner.kick('queue');
    await new Promise((r) => setImmediate(r));
    expect(runs).toBe(0); // not started: kicks do nothing
    runner.start();
    runner.kick('queue');
    await vi.waitFor(() => expect(runs).toBe(1));
    runner.kick('queue');
    runner.kick('queue');
    await new Promise((r) => setImmediate(r));
    held.open();
    await vi.waitFor(() => expect(runs).toBe(2));
    await runner.stop();
    expect(runs).toBe(2);
  });

  it('arms its timer for the earliest due task once started', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const runner = createJobRunner({ onError: () => {} });
    const ran: number[] = [];
    runner.every('every-2s', 2000, async () => void ran.push(Date.now()));
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual([]); // not started yet
    runner.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(ran.map((at) => at - start)).toEqual([5000, 7000, 9000]);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).toHaveLength(3);
  });

  it('stops: each task interrupts itself, the runs in progress are waited for, nothing runs after', async () => {
    const runner = createJobRunner({ now: () => 0, onError: () => {} });
    const interrupt = new AbortController();
    let finished = false;
    runner.every(
      'packaging',
      10,
      async () => {
        await new Promise((resolve) => interrupt.signal.addEventListener('abort', resolve));
        finished = true;
      },
      { stop: () => interrupt.abort() },
    );
    void runner.runDue(10);
    await runner.stop();
    expect(finished).toBe(true);
    let again = false;
    runner.every('later', 10, async () => void (again = true));
    await runner.runDue(100);
    await runner.run('later');
    expect(again).toBe(false);
  });

  it('refuses wiring mistakes: a name registered twice, a start twice', () => {
    const runner = createJobRunner({ now: () => 0, onError: () => {} });
    runner.every('once', 10, async () => {});
    expect(() => runner.every('once', 10, async () => {})).toThrow(/registered twice/);
    expect(() => runner.every('never', 0, async () => {})).toThrow(/positive interval/);
    runner.start();
    expect(() => runner.start()).toThrow(/started twice/);
    void runner.stop();
  });
});
