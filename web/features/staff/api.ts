import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type BulkInviteInputSchema,
  BulkInviteResultSchema,
  InvitationSchema,
  type InviteInputSchema,
  StaffMemberSchema,
  StaffOverviewSchema,
  type StaffUpdateSchema,
} from '../../../domain/schemas/staff.ts';
import { api } from '../../lib/api.ts';

export type { Invitation, StaffMember } from '../../../domain/schemas/staff.ts';

const KEY = ['staff'];

export function useStaff() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get('/api/staff', StaffOverviewSchema) });
}

/** Every change refreshes the staff and invitation lists. */
function useStaffChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useInvite = () =>
  useStaffChange((input: z.input<typeof InviteInputSchema>) =>
    api.post('/api/invitations', input, InvitationSchema),
  );

export const useBulkInvite = () =>
  useStaffChange((input: z.input<typeof BulkInviteInputSchema>) =>
    api.post('/api/invitations/bulk', input, BulkInviteResultSchema),
  );

export const useResendInvitation = () =>
  useStaffChange((id: string) => api.post(`/api/invitations/${id}/resend`, undefined, InvitationSchema));

export const useDeleteInvitation = () => useStaffChange((id: string) => api.delete(`/api/invitations/${id}`));

export const useUpdateStaff = () =>
  useStaffChange(({ id, changes }: { id: string; changes: z.input<typeof StaffUpdateSchema> }) =>
    api.patch(`/api/staff/${id}`, changes, StaffMemberSchema),
  );
