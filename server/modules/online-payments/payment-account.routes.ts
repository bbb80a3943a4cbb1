import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PaymentAccountInputSchema,
  PaymentAccountViewSchema,
} from '../../../domain/schemas/online-payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { getPaymentAccount, savePaymentAccount } from './payment-account.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
};

export function registerPaymentAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['business'];

  api.get(
    '/api/business/payment-account',
    {
      schema: {
        tags,
        summary:
          'How your clients pay online: PayFast (merchant ID and when it was verified) or EFT only (owner only; never the key or passphrase)',
        response: { 200: PaymentAccountViewSchema, ...errors },
      },
    },
    async (request) => getPaymentAccount(deps, await deps.currentUser(request)),
  );

  api.put(
    '/api/business/payment-account',
    {
      schema: {
        tags,
        summary:
          'Choose EFT only, or your own PayFast merchant: checked with a signed call to PayFast first and stored encrypted only if PayFast accepts it (422 otherwise)',
        body: PaymentAccountInputSchema,
        response: { 200: PaymentAccountViewSchema, ...errors, 422: ErrorResponseSchema },
      },
    },
    async (request) => savePaymentAccount(deps, await deps.currentUser(request), request.body),
  );
}
