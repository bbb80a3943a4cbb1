import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILLING_LINE_MESSAGES } from '../../../domain/billing-lines.ts';
import { BillingLineInputSchema, LedgerSchema } from '../../../domain/schemas/billing-lines.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import { addBillingLine, deleteBillingLine, ledgerFor } from './billing-line.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const ReservationParams = z.object({ id: z.uuid(RESERVATION_MESSAGES.notFound) });
const LineParams = ReservationParams.extend({ lineId: z.uuid(BILLING_LINE_MESSAGES.lineNotFound) });
const tags = ['billing'];
const who = 'its owner, an admin, or staff with the reservations permission';

/** A reservation's billing lines: charges, payments and the security deposit (docs/decisions/016). */
export function registerBillingLineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reservations/:id/transactions',
    {
      schema: {
        tags,
        summary: `A reservation's billing lines with charges, payments, balance due and deposit held (${who})`,
        params: ReservationParams,
        response: { 200: LedgerSchema, ...errors },
      },
    },
    async (request) => ledgerFor(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.post(
    '/api/reservations/:id/transactions',
    {
      schema: {
        tags,
        summary: `Add a charge, a payment or a deposit line; amounts are computed by the server (${who})`,
        params: ReservationParams,
        body: BillingLineInputSchema,
        response: { 201: LedgerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addBillingLine(deps.db, await deps.currentUser(request), request.params.id, request.body),
        ),
  );

  api.delete(
    '/api/reservations/:id/transactions/:lineId',
    {
      schema: {
        tags,
        summary: `Delete a billing line: it is voided and kept for the audit trail (${who})`,
        params: LineParams,
        response: { 200: LedgerSchema, ...errors },
      },
    },
    async (request) =>
      deleteBillingLine(deps.db, await deps.currentUser(request), request.params.id, request.params.lineId),
  );
}
