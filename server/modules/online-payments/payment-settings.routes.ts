import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PaymentSettingsSchema } from '../../../domain/schemas/online-payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { getPaymentSettings, savePaymentSettings } from './payment-settings.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** GET/PUT /api/business/payment-settings: the business's payment plan and cancellation policy (decision 059). */
export function registerPaymentSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['business'];

  api.get(
    '/api/business/payment-settings',
    {
      schema: {
        tags,
        summary:
          'Your business’s payment plan and cancellation policy, the defaults until you choose (owner; staff who manage listings)',
        response: { 200: PaymentSettingsSchema, ...errors },
      },
    },
    async (request) => getPaymentSettings(deps.db, await deps.currentUser(request)),
  );

  api.put(
    '/api/business/payment-settings',
    {
      schema: {
        tags,
        summary:
          'Save your business’s payment plan and cancellation policy; confirmed bookings keep their terms (owner; staff who manage listings)',
        body: PaymentSettingsSchema,
        response: { 200: PaymentSettingsSchema, ...errors },
      },
    },
    async (request) => savePaymentSettings(deps.db, await deps.currentUser(request), request.body),
  );
}
