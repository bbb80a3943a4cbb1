import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReservationSchema } from '../../../domain/schemas/reservation.ts';
import { TodaySchema } from '../../../domain/schemas/today.ts';
import { api } from '../../lib/api.ts';

export type { Today, TodayBooking, TodayMovement } from '../../../domain/schemas/today.ts';

/**
 * Under the reservations key (web/features/reservations/api.ts RESERVATIONS_KEY): whatever changes a
 * reservation anywhere (the editor, a bulk action) refreshes the desk too.
 */
export const TODAY_KEY = ['reservations', 'today'] as const;

/** The Today desk of the signed-in user's business (GET /api/today, docs/decisions/055). */
export function useToday() {
  return useQuery({
    queryKey: TODAY_KEY,
    queryFn: () => api.get('/api/today', TodaySchema),
  });
}

export type Decision = 'approve' | 'decline';

/**
 * Approve or decline a request in place: the editor's own change of status (PATCH
 * /api/reservations/:id), so the same rules, plan limit and emails apply.
 */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; reference: string; decision: Decision }) =>
      api.patch(
        `/api/reservations/${id}`,
        { status: decision === 'approve' ? 'confirmed' : 'cancelled' },
        ReservationSchema,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}
