import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentSuccessMessage, SUBSCRIPTION_MESSAGES } from '../../domain/subscription-screen.ts';
import { useCancelPayment } from '../features/subscription/api.ts';
import {
  PaymentFacts,
  PaymentOutcome,
  SignInToSee,
  ToSubscription,
} from '../features/subscription/components/payment-outcome.tsx';
import { forgetPayment, rememberedPayment } from '../features/subscription/continue-payment.ts';
import { ApiError } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

const NOTHING_CHARGED = 'You cancelled the payment, so nothing was charged and your plan has not changed.';

/**
 * The gateway's cancel address (/payment/cancel?ref=…, public): the buyer left the checkout, so the
 * payment, if still pending, is marked cancelled; the server's answer is what the page shows.
 */
export default function PaymentCancelPage() {
  const [params] = useSearchParams();
  const [reference] = useState(() => params.get('ref') || rememberedPayment('payment'));
  const cancel = useCancelPayment();
  const queryClient = useQueryClient();
  const asked = useRef(false);

  useEffect(() => {
    if (!reference || asked.current) return;
    asked.current = true;
    cancel.mutate(reference, {
      onSettled: (_, error) => {
        if (!(error instanceof ApiError && error.status === 401)) forgetPayment('payment');
        void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      },
    });
  }, [reference, cancel, queryClient]);

  const state = cancel.data;
  const title =
    state?.status === 'complete'
      ? 'Payment successful'
      : state?.status === 'failed'
        ? SUBSCRIPTION_MESSAGES.paymentFailed
        : 'Payment cancelled';
  usePageTitle(title);

  if (reference && (cancel.isIdle || cancel.isPending))
    return (
      <PaymentOutcome tone="waiting" title="Cancelling your payment">
        <Text c="dimmed" role="status">
          One moment…
        </Text>
      </PaymentOutcome>
    );

  if (cancel.error instanceof ApiError && cancel.error.status === 401 && reference)
    return (
      <PaymentOutcome
        tone="cancelled"
        title={title}
        actions={<SignInToSee returnUrl={`/payment/cancel?ref=${encodeURIComponent(reference)}`} />}
      >
        <Text>{NOTHING_CHARGED}</Text>
        <Text size="sm" c="dimmed">
          Sign in to see your subscription.
        </Text>
      </PaymentOutcome>
    );

  // The notification of a payment can beat the buyer back: then it is no longer cancellable.
  if (state?.status === 'complete')
    return (
      <PaymentOutcome tone="success" title={title} actions={<ToSubscription />}>
        <Text fw={500}>{paymentSuccessMessage(state.kind)}</Text>
        <PaymentFacts payment={state} />
      </PaymentOutcome>
    );

  return (
    <PaymentOutcome
      tone={state?.status === 'failed' ? 'failure' : 'cancelled'}
      title={title}
      actions={<ToSubscription label="Back to Subscription" />}
    >
      <Text>{state?.status === 'failed' ? 'Your plan has not changed.' : NOTHING_CHARGED}</Text>
      {state && <PaymentFacts payment={state} />}
    </PaymentOutcome>
  );
}
