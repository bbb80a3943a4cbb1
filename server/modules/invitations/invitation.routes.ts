import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClaimAccountSchema,
  ClaimedAccountSchema,
  InvitationSummarySchema,
} from '../../../domain/schemas/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { claimInvitation, describeInvitation, INVALID_LINK } from './invitation.service.ts';

export function registerInvitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/invitations/claim',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags: ['account'],
        summary: 'Who an invitation link is for (pending and unexpired only)',
        querystring: z.object({ token: z.string({ error: INVALID_LINK }).min(1, INVALID_LINK) }),
        response: { 200: InvitationSummarySchema, 404: ErrorResponseSchema },
      },
    },
    (request) => describeInvitation(deps.db, request.query.token),
  );

  api.post(
    '/api/invitations/claim',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags: ['account'],
        summary: 'Complete registration from an invitation',
        body: ClaimAccountSchema,
        response: {
          201: ClaimedAccountSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const context = await deps.auth.$context;
      const result = await claimInvitation(
        deps.db,
        (password) => context.password.hash(password),
        request.body,
      );
      return reply.status(201).send(result);
    },
  );
}
