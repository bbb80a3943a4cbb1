import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_POLL,
  paymentSuccessMessage,
  SUBSCRIPTION_MESSAGES,
} from '../../domain/subscription-screen.ts';
import { usePaymentState } from '../features/subscription/api.ts';
import {
  PaymentFacts,
  PaymentOutcome,
  SignInToSee,
  ToSubscription,
} from '../features/subscription/components/payment-outcome.tsx';
import { forgetPayment, rememberedPayment } from '../features/subscription/continue-payment.ts';
import { ApiError } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

/**
 * Back from the gateway (/payment/return?ref=…, public): the outcome the server has, asked again every
 * 1.5 s for up to a minute while PayFast's notification has not arrived. The browser's return alone
 * proves nothing; only the server's record is shown.
 */
export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const [reference] = useState(() => params.get('ref') || rememberedPayment('payment'));
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const payment = usePaymentState(reference, startedAt);
  const queryClient = useQueryClient();
  const status = payment.data?.status;

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = window.setTimeout(() => setTimedOut(true), startedAt + PAYMENT_POLL.timeoutMs - Date.now());
    return () => window.clearTimeout(timer);
  }, [status, startedAt]);

  useEffect(() => {
    if (!status || status === 'pending') return;
    forgetPayment('payment');
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
  }, [status, queryClient]);

  const title = !reference
    ? 'No payment to show'
    : payment.isError
      ? 'Payment'
      : status === 'complete'
        ? 'Payment successful'
        : status === 'failed'
          ? SUBSCRIPTION_MESSAGES.paymentFailed
          : status === 'cancelled'
            ? 'Payment cancelled'
            : timedOut
              ? 'Payment not confirmed yet'
              : 'Confirming your payment';
  usePageTitle(title);

  if (!reference)
    return (
      <PaymentOutcome tone="notice" title={title} actions={<ToSubscription />}>
        <Text c="dimmed">
          There is no payment in this address. Your subscription shows every payment made.
        </Text>
      </PaymentOutcome>
    );

  if (payment.isError && !payment.data) {
    const error = payment.error;
    if (error instanceof ApiError && error.status === 401)
      return (
        <PaymentOutcome
          tone="notice"
          title="Sign in to see your payment"
          actions={<SignInToSee returnUrl={`/payment/return?ref=${encodeURIComponent(reference)}`} />}
        >
          <Text c="dimmed">Your payment is safe: sign in to see whether it went through.</Text>
        </PaymentOutcome>
      );
    return (
      <PaymentOutcome
        tone="notice"
        title={
          error instanceof ApiError && error.status === 404
            ? 'Payment not found'
            : 'Could not check your payment'
        }
        actions={
          <>
            <Button variant="light" onClick={() => void payment.refetch()}>
              Try again
            </Button>
            <ToSubscription />
          </>
        }
      >
        <Text c="dimmed">
          {error instanceof ApiError && error.status === 404
            ? `We have no payment with reference ${reference} on your account.`
            : 'We could not reach Rentza to check your payment. Please try again.'}
        </Text>
      </PaymentOutcome>
    );
  }

  const data = payment.data;
  if (!data || data.status === 'pending') {
    if (timedOut)
      return (
        <PaymentOutcome
          tone="notice"
          title={title}
          actions={
            <>
              <Button
                variant="light"
                onClick={() => {
                  setTimedOut(false);
                  setStartedAt(Date.now());
                  void payment.refetch();
                }}
              >
                Check again
              </Button>
              <ToSubscription />
            </>
          }
        >
          <Text c="dimmed">
            PayFast has not told us the outcome yet. This usually takes seconds but can take a few minutes;
            your subscription changes as soon as it does.
          </Text>
        </PaymentOutcome>
      );
    return (
      <PaymentOutcome tone="waiting" title={title}>
        <Text c="dimmed" role="status">
          Confirming your payment with PayFast…
        </Text>
      </PaymentOutcome>
    );
  }

  if (data.status === 'complete')
    return (
      <PaymentOutcome tone="success" title={title} actions={<ToSubscription />}>
        <Text fw={500} role="status">
          {paymentSuccessMessage(data.kind)}
        </Text>
        <PaymentFacts payment={data} />
      </PaymentOutcome>
    );

  if (data.status === 'failed')
    return (
      <PaymentOutcome
        tone="failure"
        title={title}
        actions={
          <>
            <ToSubscription
              label="Try again"
              to={`/subscription?tab=${data.kind === 'subscription' ? 'plans' : data.kind === 'add_on' ? 'overview' : 'billing'}`}
            />
            <ToSubscription label="Back to Subscription" variant="default" />
          </>
        }
      >
        <Text role="alert">
          {data.failureReason ? `${data.failureReason.replace(/\.$/, '')}. ` : ''}Your plan has not changed.
        </Text>
        <PaymentFacts payment={data} />
      </PaymentOutcome>
    );

  return (
    <PaymentOutcome tone="cancelled" title={title} actions={<ToSubscription />}>
      <Text>The payment was cancelled: nothing was charged and your plan has not changed.</Text>
      <PaymentFacts payment={data} />
    </PaymentOutcome>
  );
}
