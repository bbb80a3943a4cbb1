import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkInviteInputSchema,
  BulkInviteResultSchema,
  InvitationSchema,
  InviteInputSchema,
  StaffMemberSchema,
  StaffOverviewSchema,
  StaffUpdateSchema,
} from '../../../domain/schemas/staff.ts';
import { STAFF_RULE_MESSAGES as M } from '../../../domain/staff.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  deleteInvitation,
  inviteStaff,
  inviteStaffInBulk,
  resendInvitation,
  staffOverview,
  updateStaff,
} from './staff.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const tags = ['staff'];
const who = 'the owner, or their staff with the users permission';

/** An owner's back-office and front-office staff, and the invitations that bring them in (spec §2, §4, §5). */
export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffDeps = { db: deps.db, publicUrl: deps.config.PUBLIC_URL, pokeMail: deps.pokeMail };
  const StaffParams = z.object({ id: z.uuid(M.notFound) });
  const InvitationParams = z.object({ id: z.uuid(M.invitationNotFound) });

  api.get(
    '/api/staff',
    {
      schema: {
        tags,
        summary: `The business’s staff by name and its pending invitations (${who})`,
        response: { 200: StaffOverviewSchema, ...errors },
      },
    },
    async (request) => staffOverview(deps.db, await deps.currentUser(request)),
  );

  api.patch(
    '/api/staff/:id',
    {
      schema: {
        tags,
        summary: `Change a staff member’s role (resets permissions to the role’s defaults), permissions or active flag (${who}; never their own)`,
        params: StaffParams,
        body: StaffUpdateSchema,
        response: { 200: StaffMemberSchema, ...errors },
      },
    },
    async (request) => updateStaff(deps.db, await deps.currentUser(request), request.params.id, request.body),
  );

  api.post(
    '/api/invitations',
    {
      schema: {
        tags,
        summary: `Invite a staff member: a single-use claim link, valid 7 days, is emailed (${who})`,
        body: InviteInputSchema,
        response: { 201: InvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteStaff(staffDeps, await deps.currentUser(request), request.body)),
  );

  api.post(
    '/api/invitations/bulk',
    {
      schema: {
        tags,
        summary: `Invite several people by email; those with a pending invitation or an account are skipped (${who})`,
        body: BulkInviteInputSchema,
        response: { 200: BulkInviteResultSchema, ...errors },
      },
    },
    async (request) => inviteStaffInBulk(staffDeps, await deps.currentUser(request), request.body),
  );

  api.post(
    '/api/invitations/:id/resend',
    {
      schema: {
        tags,
        summary: `Send a pending invitation again with a new link, valid another 7 days (${who})`,
        params: InvitationParams,
        response: { 200: InvitationSchema, ...errors },
      },
    },
    async (request) => resendInvitation(staffDeps, await deps.currentUser(request), request.params.id),
  );

  api.delete(
    '/api/invitations/:id',
    {
      schema: {
        tags,
        summary: `Delete a pending invitation: its link stops working (${who})`,
        params: InvitationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteInvitation(deps.db, await deps.currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
