import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import type { Payments } from '../../platform/payments/payments.ts';
import { billDueSubscriptions } from './payfast-simulator.ts';

const INTERVAL_MS = 60_000;

/** In simulator mode, stands in for PayFast's scheduled recurring charges (checked once a minute). */
export function startSimulatedBilling(db: Kysely<Database>, payments: Payments, logger: Logger) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = billDueSubscriptions(db, payments.payfastSettings, payments.http).catch((error: unknown) => {
      logger.error({ err: error }, 'PayFast simulator: recurring billing failed');
    });
  };
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
