import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentSendInput,
  DocumentSendResultSchema,
  DocumentSummarySchema,
  type InvoiceIssueInput,
  InvoiceIssueResultSchema,
  ReservationDocumentsSchema,
} from '../../../domain/schemas/documents.ts';
import { api } from '../../lib/api.ts';

export type {
  DocumentSummary,
  InvoiceIssueResult,
  ReservationDocuments,
} from '../../../domain/schemas/documents.ts';

const DOCUMENTS_KEY = ['documents'] as const;

/** The business's view of a reservation's documents (what its status allows, the invoice's state). */
export function useReservationDocuments(reservationId: string, enabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'reservation', reservationId],
    queryFn: () => api.get(`/api/reservations/${reservationId}/documents`, ReservationDocumentsSchema),
    enabled,
  });
}

/** A client's issued invoices and credit notes (My Reservations). */
export function useMyDocuments(enabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'mine'],
    queryFn: () => api.get('/api/my/documents', DocumentSummarySchema.array()),
    enabled,
  });
}

export function useIssueInvoice(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceIssueInput) =>
      api.post(`/api/reservations/${reservationId}/documents/invoice`, input, InvoiceIssueResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

export function useSendDocument(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentSendInput) =>
      api.post(`/api/reservations/${reservationId}/documents/send`, input, DocumentSendResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
