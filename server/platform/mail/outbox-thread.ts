import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { OutboxWorker } from './outbox-worker.ts';

/** What the delivery thread needs to open its own database connection and mail transport. */
export interface OutboxThreadSettings {
  databaseUrl: string;
  /** Absent: the dev mailbox (a table in the same database). */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
}

export type OutboxThreadMessage = 'poke' | 'stop';

/** The thread's database connection, as pg_stat_activity shows it. */
export const OUTBOX_THREAD_APPLICATION = 'rentza-outbox';

const RESTART_DELAY_MS = 1000;
const STOP_TIMEOUT_MS = 15_000;
/** Pokes closer together than this reach the delivery thread as one message. */
const POKE_COALESCE_MS = 20;

/**
 * The outbox worker on a thread of its own (docs/decisions/074), for a PostgreSQL database: an SMTP
 * conversation takes four round trips per mail, and on the request thread each one waited behind
 * every request ready at that moment, so under load the outbox fell behind what bookings enqueued.
 * On its own event loop each reply is handled as it arrives. The thread opens its own connection and
 * transport; pokes reach it as messages. A thread that dies is started again: the mail waits in the
 * outbox, and a batch it held is claimed again when its lease ends.
 */
export function startOutboxThread(settings: OutboxThreadSettings, logger: Logger): OutboxWorker {
  let thread: Worker | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  const start = () => {
    const worker = new Worker(new URL('./outbox-thread.boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./outbox-thread.worker.ts', import.meta.url).href, settings },
    });
    worker.on('error', (error) => logger.error({ err: error }, 'outbox thread failed'));
    worker.on('exit', (code) => {
      if (thread === worker) thread = null;
      if (stopping) return;
      logger.error({ code }, 'outbox thread stopped; starting it again');
      restartTimer = setTimeout(start, RESTART_DELAY_MS);
      restartTimer.unref();
    });
    thread = worker;
  };
  start();
  const pokes = coalescePokes(
    () => thread?.postMessage('poke' satisfies OutboxThreadMessage),
    POKE_COALESCE_MS,
  );
  return {
    poke: pokes.poke,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      pokes.cancel();
      const current = thread;
      if (!current) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.postMessage('stop' satisfies OutboxThreadMessage);
      const timeout = setTimeout(() => void current.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/**
 * Pokes for a thread busy delivering: the first after a quiet moment is sent at once; those that follow
 * within `ms` are sent as one, at the end of that time. Under load the thread only needs to know that
 * more mail came; a message per booking cost the request thread its serialization and woke the
 * delivery thread each time.
 */
export function coalescePokes(send: () => void, ms: number) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let trailing: NodeJS.Timeout | null = null;
  const sendNow = () => {
    trailing = null;
    lastSentAt = performance.now();
    send();
  };
  return {
    poke: () => {
      if (trailing) return;
      const wait = lastSentAt + ms - performance.now();
      if (wait <= 0) sendNow();
      else trailing = setTimeout(sendNow, wait);
    },
    cancel: () => {
      if (trailing) clearTimeout(trailing);
      trailing = null;
    },
  };
}
