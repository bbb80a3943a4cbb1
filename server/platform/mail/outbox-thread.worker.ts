import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openDatabase } from '../../db/database.ts';
import { startOutboxDelivery } from './mail-delivery.ts';
import {
  OUTBOX_THREAD_APPLICATION,
  type OutboxThreadMessage,
  type OutboxThreadSettings,
} from './outbox-thread.ts';

const settings = (workerData as { settings: OutboxThreadSettings }).settings;
const logger = pino({ level: settings.logLevel });
const database = await openDatabase({
  databaseUrl: settings.databaseUrl,
  poolSize: 1,
  applicationName: OUTBOX_THREAD_APPLICATION,
});
const worker = startOutboxDelivery(database.background ?? database.db, settings, logger);
worker.poke();

parentPort?.on('message', (message: OutboxThreadMessage) => {
  if (message === 'poke') worker.poke();
  else if (message === 'stop')
    void worker.stop().then(async () => {
      await database.close();
      parentPort?.close();
    });
});
