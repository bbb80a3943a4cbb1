/** A job run once at start and then on an interval, in every server process. */
export interface PeriodicJob<T> {
  /** A pass now (or the one under way); resolves with its result, null when stopped or failed. */
  runNow: () => Promise<T | null>;
  stop: () => Promise<void>;
}

/**
 * Runs `pass` at once and then every `intervalMs`, never two at a time in this process: a call while
 * one is under way joins it. A failed pass is reported to `onError` and resolves null; the next one
 * runs on time. `stop` clears the timers and waits for the pass under way.
 */
export function startPeriodicJob<T>(
  pass: () => Promise<T>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicJob<T> {
  let running: Promise<T | null> | null = null;
  let stopped = false;
  const run = (): Promise<T | null> => {
    if (stopped) return Promise.resolve(null);
    if (running) return running;
    running = pass()
      .catch((error: unknown) => {
        onError(error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const startTimer = setTimeout(() => void run(), 0);
  startTimer.unref();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearTimeout(startTimer);
      clearInterval(timer);
      await running;
    },
  };
}
