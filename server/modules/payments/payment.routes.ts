import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLANS } from '../../../domain/plans.ts';
import { PaymentStateSchema } from '../../../domain/schemas/subscription.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Payment } from '../../db/types.ts';
import { notFound } from '../../http/errors.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import {
  limitNotificationRate,
  NOTIFICATION_RATE_LIMITS,
  PAYFAST_NOTIFY_BODY_LIMIT,
} from '../../platform/payments/notification-limits.ts';
import { isAllowedSource } from '../../platform/payments/payfast-itn.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { processPayfastItn } from './payfast-notify.ts';

const isLoopback = (address: string) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address);

const tags = ['payments'];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const PAYMENT_NOT_FOUND = 'Payment not found';

function stateOf(payment: Payment) {
  return {
    reference: payment.reference,
    kind: payment.kind,
    status: payment.status,
    planId: payment.plan_id,
    planName: PLANS[payment.plan_id].name,
    description: payment.description,
    amountCents: payment.amount_cents,
    failureReason: payment.failure_reason,
    completedAt: payment.completed_at?.toISOString() ?? null,
  };
}

/** A payment's state for /payment/return and /payment/cancel, and PayFast's notify endpoint. */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const Params = z.object({ reference: z.string().min(1).max(80) });

  const ownPayment = async (request: Parameters<AppDeps['currentUser']>[0], reference: string) => {
    const user = requireRole(await deps.currentUser(request), ['owner']);
    const payment = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', reference)
      .where('owner_id', '=', user.id)
      .executeTakeFirst();
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  };

  api.get(
    '/api/payments/:reference',
    {
      schema: {
        tags,
        summary:
          'The state of one of the owner’s payments (pending until the gateway’s notification settles it)',
        params: Params,
        response: { 200: PaymentStateSchema, ...errors },
      },
    },
    async (request) => stateOf(await ownPayment(request, request.params.reference)),
  );

  api.post(
    '/api/payments/:reference/cancel',
    {
      schema: {
        tags,
        summary: 'The buyer came back through the cancel address: a payment still pending is cancelled',
        params: Params,
        response: { 200: PaymentStateSchema, ...errors },
      },
    },
    async (request) => {
      const payment = await ownPayment(request, request.params.reference);
      const cancelled = await deps.db
        .updateTable('payments')
        .set({ status: 'cancelled', failure_reason: 'Payment cancelled', updated_at: new Date() })
        .where('id', '=', payment.id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      return stateOf(cancelled ?? payment);
    },
  );

  registerPayfastNotifyRoute(app, deps, {
    url: '/api/payments/payfast/notify',
    summary: 'PayFast ITN: answered 200 at once, then verified and applied once',
    process: (rawBody, sourceIp, log) => processPayfastItn(deps, rawBody, sourceIp, log),
  });
}

/**
 * A PayFast ITN endpoint (docs/decisions/027): limited per address (PayFast's own exempt), the form
 * body kept as received (the signature is computed over it), 200 'OK' at once, then processed.
 */
export function registerPayfastNotifyRoute(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'payments'>,
  route: {
    url: string;
    summary: string;
    process: (rawBody: string, sourceIp: string, log: FastifyBaseLogger) => Promise<unknown>;
  },
): void {
  app.register(async (scoped) => {
    const sources = deps.payments.payfastSettings.allowedSources;
    await limitNotificationRate(scoped, NOTIFICATION_RATE_LIMITS.payfast, (address) =>
      // In simulator mode the ITNs come from the simulator in this process, over loopback.
      sources ? isAllowedSource(address, sources) : isLoopback(address),
    );
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scoped.post(
      route.url,
      {
        bodyLimit: PAYFAST_NOTIFY_BODY_LIMIT,
        // A NUL is refused by readSignedForm and recorded with the rest of the notification.
        config: { readsRawBody: true },
        schema: {
          security: PUBLIC_ACCESS,
          tags,
          summary: route.summary,
          response: {
            200: { description: 'Received', content: { 'text/plain': { schema: z.literal('OK') } } },
          },
        },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        reply.code(200).type('text/plain').send('OK');
        await route.process(rawBody, request.ip, request.log).catch((error: unknown) => {
          request.log.error({ err: error }, 'PayFast ITN processing failed');
        });
        return reply;
      },
    );
  });
}
