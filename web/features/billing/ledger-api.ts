import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type BillingLineInputSchema,
  type Ledger,
  LedgerSchema,
} from '../../../domain/schemas/billing-lines.ts';
import { api } from '../../lib/api.ts';

export type { BillingLine, Ledger } from '../../../domain/schemas/billing-lines.ts';
export type BillingLinePayload = z.input<typeof BillingLineInputSchema>;

const ledgerKey = (reservationId: string) => ['ledger', reservationId];

/** A saved reservation's billing lines, charges, payments, balance due and deposit held. */
export function useLedger(reservationId: string) {
  return useQuery({
    queryKey: ledgerKey(reservationId),
    queryFn: () => api.get(`/api/reservations/${reservationId}/transactions`, LedgerSchema),
  });
}

/** The ledger the server answers with replaces the cached one; the reservation's total changed with it. */
function useLedgerChange<Variables>(
  reservationId: string,
  change: (variables: Variables) => Promise<Ledger>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (ledger) => {
      queryClient.setQueryData(ledgerKey(reservationId), ledger);
      return queryClient.invalidateQueries({ queryKey: ['reservations'] });
    },
  });
}

export function useAddBillingLine(reservationId: string) {
  return useLedgerChange(reservationId, (payload: BillingLinePayload) =>
    api.post(`/api/reservations/${reservationId}/transactions`, payload, LedgerSchema),
  );
}

export function useDeleteBillingLine(reservationId: string) {
  return useLedgerChange(reservationId, (lineId: string) =>
    api.delete(`/api/reservations/${reservationId}/transactions/${lineId}`, LedgerSchema),
  );
}
