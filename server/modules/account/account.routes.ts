import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountDeletionSchema, dataExportFileName } from '../../../domain/account-deletion.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { ProfileUpdateSchema, SessionSchema, UserProfileSchema } from '../../../domain/schemas/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attachmentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse, OPTIONAL_SESSION } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema, toUserProfile } from './account.schemas.ts';
import { updateProfile } from './account.service.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { buildDataExport } from './data-export.service.ts';

/**
 * A Link header entry that preloads GET /api/session with a page requested with a session cookie, or
 * null: every page asks for it, and signed-in pages wait for it to draw (docs/decisions/066).
 * `crossorigin` (anonymous): a same-origin request with cookies, as web/lib/api.ts fetches.
 */
export function sessionPreload(request: FastifyRequest): string | null {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '')
    ? '</api/session>; rel=preload; as=fetch; crossorigin'
    : null;
}

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s profile',
        response: { 200: UserProfileSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => toUserProfile(requireRole(await deps.currentUser(request))),
  );

  api.get(
    '/api/session',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags: ['account'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: SessionSchema },
      },
    },
    async (request) => {
      const user = await deps.currentUser(request);
      return { user: user ? toUserProfile(user) : null };
    },
  );

  api.patch(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Update first name, last name and phone',
        body: ProfileUpdateSchema,
        response: { 200: UserProfileSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireRole(await deps.currentUser(request));
      return toUserProfile(await updateProfile(deps.db, user, request.body));
    },
  );

  api.get(
    '/api/account/data-export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download my personal data (POPIA): JSON files in a ZIP',
        response: { 200: binaryResponse('The ZIP', 'application/zip'), 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireRole(await deps.currentUser(request));
      const zip = await buildDataExport(deps.db, user);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(dataExportFileName(todayInBusinessZone())))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip));
    },
  );

  api.post(
    '/api/account/delete',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account (POPIA): erases or anonymises my personal data; needs my password',
        body: AccountDeletionSchema,
        response: {
          200: z.object({ deleted: z.literal(true) }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = requireRole(await deps.currentUser(request));
      // Its sessions are deleted with it: the cookie it holds no longer signs anyone in.
      await deleteAccount(deps, user, request.body.password);
      return { deleted: true as const };
    },
  );
}
