import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openDatabase } from '../../db/database.ts';
import { startOutboxWorker } from './outbox.ts';
import {
  OUTBOX_THREAD_APPLICATION,
  type OutboxThreadMessage,
  type OutboxThreadSettings,
} from './outbox-thread.ts';
import { createDevMailboxTransport, createSmtpTransport } from './transports.ts';

const settings = (workerData as { settings: OutboxThreadSettings }).settings;
const logger = pino({ level: settings.logLevel });
const database = await openDatabase({
  databaseUrl: settings.databaseUrl,
  poolSize: 1,
  applicationName: OUTBOX_THREAD_APPLICATION,
});
const db = database.background ?? database.db;
const transport = settings.smtpUrl
  ? createSmtpTransport(settings.smtpUrl, settings.mailFrom)
  : createDevMailboxTransport(db);
const worker = startOutboxWorker(db, transport, logger);
worker.poke();

parentPort?.on('message', (message: OutboxThreadMessage) => {
  if (message === 'poke') worker.poke();
  else if (message === 'stop')
    void worker.stop().then(async () => {
      transport.close?.();
      await database.close();
      parentPort?.close();
    });
});
