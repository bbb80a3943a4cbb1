import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_POLL } from '../../../domain/subscription-screen.ts';
import { notifyError, notifyNotice, notifySuccess } from '../../lib/notify.ts';
import type { BookingPaymentView } from './payment-api.ts';

export const PAYMENT_RETURN_MESSAGES = {
  received: 'Payment received',
  failed: 'Payment failed',
  cancelledTitle: 'Payment cancelled',
  cancelled: 'You cancelled the payment at PayFast: nothing was charged.',
  waiting: 'Waiting for PayFast to confirm your payment…',
  timedOut:
    'PayFast has not confirmed your payment yet. It will show here once it does: refresh this page in a few minutes.',
} as const;

/**
 * Back from PayFast (…?payment=<reference>, or &cancelled=1): PayFast tells the server the outcome a
 * moment later (the ITN), so the booking's payments are read again until that reference is complete or
 * failed, for at most PAYMENT_POLL.timeoutMs; then a toast, and the address loses its query. Only the
 * booking whose payments hold the reference reacts.
 */
export function usePaymentReturn(
  payments: readonly BookingPaymentView[] | undefined,
  refetch: () => unknown,
) {
  const [params, setParams] = useSearchParams();
  const reference = params.get('payment');
  const cancelled = params.get('cancelled') === '1';
  const payment = reference ? payments?.find((candidate) => candidate.reference === reference) : undefined;
  const [timedOut, setTimedOut] = useState(false);
  const told = useRef<string | null>(null);
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const waiting = !!payment && !cancelled && payment.status === 'pending' && !timedOut;

  useEffect(() => {
    if (!waiting) return;
    const poll = window.setInterval(() => refetchRef.current(), PAYMENT_POLL.intervalMs);
    const stop = window.setTimeout(() => setTimedOut(true), PAYMENT_POLL.timeoutMs);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(stop);
    };
  }, [waiting]);

  useEffect(() => {
    if (!payment || told.current === payment.reference) return;
    const settled = payment.status !== 'pending';
    if (!cancelled && !settled) return;
    told.current = payment.reference;
    if (payment.status === 'complete') notifySuccess(PAYMENT_RETURN_MESSAGES.received);
    else if (cancelled)
      notifyNotice(
        'booking-payment',
        PAYMENT_RETURN_MESSAGES.cancelledTitle,
        PAYMENT_RETURN_MESSAGES.cancelled,
      );
    else notifyError(PAYMENT_RETURN_MESSAGES.failed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        next.delete('cancelled');
        return next;
      },
      { replace: true },
    );
  }, [payment, cancelled, setParams]);

  return { waiting, timedOut: timedOut && payment?.status === 'pending' };
}
