import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { SessionUser } from './http/session.ts';
import type { Auth } from './platform/auth.ts';
import type { OutgoingMail } from './platform/mail/transports.ts';
import type { Payments } from './platform/payments/payments.ts';
import type { StorageDriver } from './platform/storage/storage.ts';

/** What route modules receive: plain dependencies, no globals. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  auth: Auth;
  sendMail: (mail: OutgoingMail) => Promise<void>;
  currentUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  databaseKind: 'postgres' | 'pglite';
  storage: StorageDriver;
  /** Ask the outbox worker to deliver now (mail enqueued inside a transaction). */
  pokeMail: () => void;
  payments: Payments;
}
