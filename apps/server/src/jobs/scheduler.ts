/** A task run every `intervalMs`, never overlapping itself; stopped with the server. */
export interface ScheduledTask {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

export function startScheduler(tasks: ScheduledTask[], onError: (task: string, err: unknown) => void): { stop: () => Promise<void> } {
  const running = new Map<string, Promise<unknown>>();
  const timers = tasks.map((task) => {
    const tick = () => {
      if (running.has(task.name)) return;
      const p = task
        .run()
        .catch((err: unknown) => onError(task.name, err))
        .finally(() => running.delete(task.name));
      running.set(task.name, p);
    };
    const timer = setInterval(tick, task.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
