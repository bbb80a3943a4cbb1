import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.ts';
import { type Config, isDevMailboxEnabled } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { feedFetchOptions } from './modules/calendar-import/calendar-feed.routes.ts';
import { startCalendarImportWorker } from './modules/calendar-import/calendar-import-worker.ts';
import { startBellRetentionWorker } from './modules/in-app-notifications/retention-worker.ts';
import { startPaymentReminderWorker } from './modules/online-payments/payment-reminder-worker.ts';
import { startSimulatedBilling } from './modules/payfast-simulator/simulated-billing.ts';
import { startLifecycleWorker } from './modules/subscriptions/lifecycle-worker.ts';
import { createAuth } from './platform/auth.ts';
import { startOutboxDelivery } from './platform/mail/mail-delivery.ts';
import { enqueueMail } from './platform/mail/outbox.ts';
import { startOutboxThread } from './platform/mail/outbox-thread.ts';
import type { OutboxWorker } from './platform/mail/outbox-worker.ts';
import { createPayments, loopbackHttp } from './platform/payments/payments.ts';
import { createStripeGateway } from './platform/payments/stripe-gateway.ts';
import { createLocalStorage } from './platform/storage/local-storage.ts';
import { createS3StorageFromConfig } from './platform/storage/s3-storage.ts';
import type { StorageDriver } from './platform/storage/storage.ts';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  close: () => Promise<void>;
}

/** AUTH_SECRET, or one generated once and kept under DATA_DIR so sessions survive restarts. */
function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** An S3-compatible bucket when S3_BUCKET is set (config requires its keys with it), else DATA_DIR/uploads. */
export function createStorage(config: Config): StorageDriver {
  return config.S3_BUCKET
    ? createS3StorageFromConfig({ ...config, S3_BUCKET: config.S3_BUCKET })
    : createLocalStorage(path.join(config.DATA_DIR, 'uploads'));
}

/**
 * The outbox worker: on a thread of its own when the server has its own PostgreSQL database
 * (docs/decisions/074), else on this thread (PGlite lives in this thread; tests hand in a database
 * and deliver their mail themselves).
 */
function startMailDelivery(config: Config, database: DatabaseHandle, logger: Logger): OutboxWorker {
  if (config.DATABASE_URL && database.kind === 'postgres')
    return startOutboxThread(
      {
        databaseUrl: config.DATABASE_URL,
        smtpUrl: config.SMTP_URL,
        mailFrom: config.MAIL_FROM,
        logLevel: config.LOG_LEVEL,
      },
      logger,
    );
  return startOutboxDelivery(
    database.background ?? database.db,
    { smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM },
    logger,
  );
}

export async function startRuntime(
  config: Config,
  options: {
    logger?: Logger;
    database?: DatabaseHandle;
    simulatedBilling?: boolean;
    lifecycle?: boolean;
    /** false: no bell retention sweep (tests that run the sweep themselves). */
    bellRetention?: boolean;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') }));
  await migrateToLatest(database.db);

  const worker = startMailDelivery(config, database, logger);
  const sendMail = async (mail: Parameters<typeof enqueueMail>[1]) => {
    await enqueueMail(database.db, mail);
    worker.poke();
  };

  const storage = createStorage(config);
  const auth = createAuth({ db: database.db, config, secret: resolveAuthSecret(config), sendMail });
  const authContext = await auth.$context;
  const seeded =
    config.DEMO_DATA && config.NODE_ENV !== 'production'
      ? await seedDemoData(database.db, storage, (p) => authContext.password.hash(p), config)
      : false;

  // Calls to our own address (the PayFast simulator, its ITNs) are served in-process.
  let appForLoopback: FastifyInstance | null = null;
  const http = loopbackHttp(config.PUBLIC_URL, async (request) => {
    if (!appForLoopback) throw new Error('the server is not ready');
    const response = await appForLoopback.inject(request);
    return { statusCode: response.statusCode, body: response.body };
  });
  const payments = createPayments(config, http, createStripeGateway(config));

  const app = await buildApp({
    deps: {
      db: database.db,
      config,
      auth,
      sendMail,
      databaseKind: database.kind,
      storage,
      pokeMail: worker.poke,
      payments,
    },
    logger,
    devMailbox: isDevMailboxEnabled(config),
    webDistDir: config.WEB_DIST_DIR,
  });

  appForLoopback = app;
  const lifecycle =
    options.lifecycle !== false
      ? startLifecycleWorker(
          database.db,
          { publicUrl: config.PUBLIC_URL, pokeMail: worker.poke, config },
          logger,
        )
      : null;
  const calendarImport =
    options.lifecycle !== false
      ? startCalendarImportWorker(database.db, { fetch: feedFetchOptions(config) }, logger)
      : null;
  const paymentReminders =
    options.lifecycle !== false
      ? startPaymentReminderWorker(
          database.db,
          {
            publicUrl: config.PUBLIC_URL,
            pokeMail: worker.poke,
            intervalMs: config.PAYMENT_REMINDERS_EVERY_SECONDS * 1000,
          },
          logger,
        )
      : null;
  const bellRetention =
    options.lifecycle !== false && options.bellRetention !== false
      ? startBellRetentionWorker(database.db, logger)
      : null;
  const simulatedBilling =
    payments.payfastSettings.mode === 'simulator' && options.simulatedBilling !== false
      ? startSimulatedBilling(database.db, payments, logger)
      : null;

  return {
    app,
    database,
    seeded,
    close: async () => {
      await simulatedBilling?.stop();
      await lifecycle?.stop();
      await calendarImport?.stop();
      await paymentReminders?.stop();
      await bellRetention?.stop();
      await app.close();
      await worker.stop();
      await database.close();
    },
  };
}
