import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BookingCheckoutSchema,
  PaymentDueSchema,
  PaymentLinkSentSchema,
  PaymentLinkViewSchema,
  type StartBookingPayment,
} from '../../../domain/schemas/online-payments.ts';
import { api } from '../../lib/api.ts';

export type {
  BookingPaymentView,
  PaymentDue,
  PaymentLinkView,
} from '../../../domain/schemas/online-payments.ts';

export type PayPurpose = StartBookingPayment['purpose'];

const paymentDueKey = (reservationId: string) => ['payment-due', reservationId] as const;

/** What a client owes on a booking now (GET /api/reservations/:id/payment-due). */
export function usePaymentDue(reservationId: string, enabled = true) {
  return useQuery({
    queryKey: paymentDueKey(reservationId),
    queryFn: () => api.get(`/api/reservations/${reservationId}/payment-due`, PaymentDueSchema),
    enabled,
  });
}

/** Starts the owner's PayFast checkout for a booking (the client's own). */
export function useStartBookingPayment(reservationId: string) {
  return useMutation({
    mutationFn: (purpose: PayPurpose) =>
      api.post(`/api/reservations/${reservationId}/pay`, { purpose }, BookingCheckoutSchema),
  });
}

/** A payment link's booking, without signing in (GET /api/pay/:token). */
export function usePaymentLink(token: string) {
  return useQuery({
    queryKey: ['payment-link', token],
    queryFn: () => api.get(`/api/pay/${encodeURIComponent(token)}`, PaymentLinkViewSchema),
  });
}

export function useStartLinkPayment(token: string) {
  return useMutation({
    mutationFn: (purpose: PayPurpose) =>
      api.post(`/api/pay/${encodeURIComponent(token)}/checkout`, { purpose }, BookingCheckoutSchema),
  });
}

/** The editor's "Send payment link": emails the client a link to pay the balance. */
export function useSendPaymentLink(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/reservations/${reservationId}/payment-link`, {}, PaymentLinkSentSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentDueKey(reservationId) }),
  });
}
