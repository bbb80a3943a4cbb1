import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentLinkSentSchema } from '../../../domain/schemas/online-payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { sendPaymentLink } from './payment-link-send.service.ts';

const IdParams = z.object({ id: z.uuid('Reservation not found') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export function registerPaymentLinkRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const serviceDeps = { db: deps.db, publicUrl: deps.config.PUBLIC_URL, pokeMail: deps.pokeMail };

  api.post(
    '/api/reservations/:id/payment-link',
    {
      schema: {
        tags: ['online-payments'],
        summary:
          'Email the client a link to pay a confirmed booking’s balance (owner, admin, staff with the reservations permission)',
        description:
          'Creates a payment link (valid 60 days, only its hash stored) and emails it to the booking’s client with what is due now and the balance. 409 when the booking is not confirmed or nothing is owed.',
        params: IdParams,
        response: { 200: PaymentLinkSentSchema, ...errors },
      },
    },
    async (request) => sendPaymentLink(serviceDeps, await deps.currentUser(request), request.params.id),
  );
}
