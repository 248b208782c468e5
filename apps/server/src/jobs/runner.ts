/**
 * The server's one job runner: every recurring task (deliveries, sweeps, retention, renewals,
 * reconciliation, the media queue, play-count batches) is registered here and started once, from the
 * composition root. Queued work lives in database tables drained by `createLeasedQueue` (./queue.ts);
 * the runner only decides when each drain or pass runs.
 *
 * Why in-house: pg-boss and graphile-worker were checked. graphile-worker needs a `pg.Pool` of real
 * connections and LISTEN/NOTIFY on a dedicated one, which PGlite's single embedded connection does
 * not give. pg-boss runs on PGlite only through a hand-written `executeSql` adapter (pg-boss issue
 * #563: its schema built separately, array parameters encoded by hand) and brings its own schema,
 * polling and maintenance timers whose clock a test cannot drive. Both would also replace tables the
 * console and the delivery log read. So: one small leased queue and this scheduler, one set of tests.
 *
 * Time is injected: `now` is the clock, and a test calls `runDue(at)` or `run(name)` instead of
 * waiting for a timer. `start()` arms one timer for the earliest due task; a task never overlaps itself.
 */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Called first when the runner stops (a long task interrupts itself here instead of being waited out). */
  stop?: () => Promise<void> | void;
}

export interface JobRunnerOptions {
  onError: (task: string, err: unknown) => void;
  /** The clock, in milliseconds; Date.now by default. */
  now?: () => number;
}

interface Entry {
  task: RecurringTask;
  nextAt: number;
  running: Promise<void> | null;
  /** Kicked while running: runs once more when the run ends. */
  again: boolean;
}

export function createJobRunner(opts: JobRunnerOptions) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  function entryOf(name: string): Entry {
    const entry = entries.get(name);
    if (!entry) throw new Error(`No recurring task is called "${name}"`);
    return entry;
  }

  /** Runs a task now unless it is running already; the promise settles when that run ends. */
  function launch(entry: Entry): Promise<void> {
    entry.running ??= entry.task
      .run()
      .then(() => undefined)
      .catch((err: unknown) => opts.onError(entry.task.name, err))
      .finally(() => {
        entry.running = null;
        if (entry.again && !stopped) {
          entry.again = false;
          void launch(entry);
        }
      });
    return entry.running;
  }

  /** Starts every task due at `at` (its next run is then one interval later); returns their runs. */
  function startDue(at: number): Promise<void>[] {
    const runs: Promise<void>[] = [];
    if (stopped) return runs;
    for (const entry of entries.values()) {
      if (entry.nextAt > at) continue;
      entry.nextAt = at + entry.task.everyMs;
      // A run still going when its next one is due skips that one, as setInterval's guard did.
      if (!entry.running) runs.push(launch(entry));
    }
    return runs;
  }

  function arm(): void {
    clearTimeout(timer);
    if (!started || stopped || entries.size === 0) return;
    const next = Math.min(...[...entries.values()].map((e) => e.nextAt));
    timer = setTimeout(
      () => {
        startDue(now());
        arm();
      },
      Math.max(0, next - now()),
    );
    timer.unref();
  }

  return {
    /** Registers a task run every `everyMs`, the first time one interval after it is registered. */
    every(name: string, everyMs: number, run: () => Promise<unknown>, extra: Pick<RecurringTask, 'stop'> = {}): void {
      if (entries.has(name)) throw new Error(`The recurring task "${name}" is registered twice`);
      if (!(everyMs > 0)) throw new Error(`The recurring task "${name}" needs a positive interval`);
      entries.set(name, {
        task: { name, everyMs, run, ...extra },
        nextAt: now() + everyMs,
        running: null,
        again: false,
      });
      arm();
    },

    /** The names of the registered tasks. */
    names(): string[] {
      return [...entries.keys()];
    },

    /** Runs every task due at `at` (the clock by default) and waits for those runs. */
    async runDue(at = now()): Promise<void> {
      await Promise.all(startDue(at));
    },

    /** Runs one task now and waits for it: after a run in progress ends, it runs once more. */
    async run(name: string): Promise<void> {
      const entry = entryOf(name);
      if (entry.running) await entry.running;
      if (!stopped) await launch(entry);
    },

    /** Asks a started runner to run a task soon, without waiting (new work goes out at once); a run in progress runs once more. */
    kick(name: string): void {
      const entry = entryOf(name);
      if (!started || stopped) return;
      setImmediate(() => {
        if (stopped) return;
        if (entry.running) entry.again = true;
        else void launch(entry);
      });
    },

    /** Arms the timers. Called once, by the composition root; a second start is a wiring mistake. */
    start(): void {
      if (started) throw new Error('The job runner is started twice');
      started = true;
      arm();
    },

    get started(): boolean {
      return started && !stopped;
    },

    /** Stops the timers, lets each task interrupt itself, and waits for the runs in progress. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...entries.values()].map(async (e) => e.task.stop?.()));
      await Promise.allSettled([...entries.values()].map((e) => e.running));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
