/**
 * The measured checkout's own modules (BENCH_SERVER_ROOT, default this checkout), imported from its
 * files, for the in-process profile and the outbox claim query; typed as this checkout's.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function loadApp(root: string) {
  const moduleUrl = (file: string) => pathToFileURL(path.join(root, file)).href;
  return {
    schemas: (await import(
      moduleUrl('domain/schemas/reservation.ts')
    )) as typeof import('../../domain/schemas/reservation.ts'),
    config: (await import(moduleUrl('server/config.ts'))) as typeof import('../../server/config.ts'),
    session: (await import(
      moduleUrl('server/http/session.ts')
    )) as typeof import('../../server/http/session.ts'),
    // createReservation's module (reservation.service.ts in checkouts before it had its own file).
    reservations: (await import(
      moduleUrl(
        existsSync(path.join(root, 'server/modules/reservations/reservation-create.ts'))
          ? 'server/modules/reservations/reservation-create.ts'
          : 'server/modules/reservations/reservation.service.ts',
      )
    )) as typeof import('../../server/modules/reservations/reservation-create.ts'),
    auth: (await import(
      moduleUrl('server/platform/auth.ts')
    )) as typeof import('../../server/platform/auth.ts'),
    outbox: (await import(
      moduleUrl('server/platform/mail/outbox.ts')
    )) as typeof import('../../server/platform/mail/outbox.ts'),
  };
}

export type BenchApp = Awaited<ReturnType<typeof loadApp>>;
