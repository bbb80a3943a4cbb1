import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { todayInBusinessZone } from '../../../../domain/dates.ts';
import type { PaymentStart } from '../../../../domain/schemas/subscription.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { continuePayment } from '../../subscription/continue-payment.ts';
import type { Reservation } from '../api.ts';
import { type PayPurpose, usePaymentDue, useStartBookingPayment } from '../payment-api.ts';
import { usePaymentReturn } from '../payment-return.ts';
import { PaymentDueSummary } from './payment-due-summary.tsx';

export const PAY_START_FAILED = 'Could not start the payment. Please try again.';

/** Posts the checkout PayFast expects (the subscription screen's helper), or says why it cannot. */
export function goToCheckout(start: PaymentStart): void {
  const outcome = continuePayment(start, 'bookingPayment');
  if (outcome.outcome === 'refused') notifyError(outcome.message);
}

/** Starts a checkout and leaves for PayFast; a refusal is a toast in the server's words. */
export function payWith(
  mutate: (
    purpose: PayPurpose,
    options: { onSuccess: (start: PaymentStart) => void; onError: (error: Error) => void },
  ) => void,
) {
  return (purpose: PayPurpose) =>
    mutate(purpose, {
      onSuccess: goToCheckout,
      onError: (error) => notifyError(refusalOr(error, PAY_START_FAILED)),
    });
}

/**
 * My Reservations' payment part of a booking (issue 23 item 3, decision 061). What is due is loaded
 * only for a confirmed booking that has not ended (the only ones the client pays), one request each,
 * when its card renders; pending, cancelled and past bookings make no request.
 */
export function BookingPaymentPanel({ reservation }: { reservation: Reservation }) {
  const relevant = reservation.status === 'confirmed' && reservation.end_date >= todayInBusinessZone();
  const due = usePaymentDue(reservation.id, relevant);
  const start = useStartBookingPayment(reservation.id);
  const returned = usePaymentReturn(due.data?.payments, due.refetch);
  if (!relevant) return null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={`Payment for ${reservation.reference}`}
    >
      <Title order={3} size="h5" mb={6}>
        Payment
      </Title>
      {due.isPending && <Skeleton height={48} aria-hidden />}
      {due.isError && (
        <Text size="sm" c="red.8" role="alert">
          {refusalOr(due.error, 'Could not load what is due on this booking.')}
        </Text>
      )}
      {due.data && (
        <PaymentDueSummary
          due={due.data}
          onPay={payWith(start.mutate)}
          paying={start.isPending}
          waiting={returned.waiting}
          timedOut={returned.timedOut}
        />
      )}
    </Paper>
  );
}
