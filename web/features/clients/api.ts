import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientRemovedSchema, ClientSchema } from '../../../domain/schemas/reservation.ts';
import { api } from '../../lib/api.ts';

export type { Client } from '../../../domain/schemas/reservation.ts';
export { useClients, useCreateClient } from '../reservations/api.ts';

/** Changes to a client refresh every list of clients (My Clients, the booking pickers). */
function useClientChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}

export function useSetClientActive() {
  return useClientChange(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch(`/api/clients/${id}`, { is_active: isActive }, ClientSchema),
  );
}

/** Removing a client also cancels their pending bookings: the reservation lists refresh too. */
export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`, ClientRemovedSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
      ]),
  });
}
