import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFlask, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatRandCents } from '../../../../domain/money.ts';
import { PLANS } from '../../../../domain/plans.ts';
import {
  autoRenews,
  billingDayOf,
  canCancelSubscription,
  canReactivateSubscription,
  formatBillingDate,
  isPaidPlan,
  SUBSCRIPTION_MESSAGES,
} from '../../../../domain/subscription-screen.ts';
import { TEST_PAYMENT, type ValidityLabel, validityOf } from '../../../../domain/subscriptions.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type SubscriptionSummary,
  useCancelSubscription,
  useReactivateSubscription,
  useStartPayment,
  useSubscription,
  useSubscriptionBusy,
  useUpdatePaymentMethod,
} from '../api.ts';
import { BillingHistory } from './billing-history.tsx';
import { CommissionStatements } from './commission-statements.tsx';
import { SummaryError, SummarySkeleton } from './overview-tab.tsx';
import { gatewayName, PaymentMethodDetails } from './payment-method-card.tsx';
import { failureText, Section, StatusBadge } from './subscription-bits.tsx';

const VALIDITY_COLOR: Record<ValidityLabel, string> = {
  Expired: 'red',
  'Expires Soon': 'red',
  'Expires This Week': 'yellow',
  Active: 'teal',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

function SubscriptionDetails({ summary }: { summary: SubscriptionSummary }) {
  const paid = isPaidPlan(summary);
  // A debit order that renews the plan is not an expiry (docs/decisions/030).
  const renews = autoRenews(summary);
  const validity = paid && !renews && summary.currentPeriodEnd ? validityOf(summary.currentPeriodEnd) : null;
  return (
    <Section title="Subscription details" id="subscription-details-title">
      <Stack gap="xs">
        {validity?.urgent && validity.notice && (
          <Alert color="red" role="alert" title={validity.notice}>
            {summary.allowManualPayment ? 'Pay now to keep your plan.' : 'Renew to keep your plan.'}
          </Alert>
        )}
        <Fact label="Plan">{summary.planName ?? 'No plan'}</Fact>
        <Fact label="Status">
          <StatusBadge status={summary.status} />
        </Fact>
        {validity && (
          <Fact label="Validity">
            <Badge color={VALIDITY_COLOR[validity.label]} variant="light">
              {validity.label}
            </Badge>
          </Fact>
        )}
        {renews && (
          <Fact label="Validity">
            <Badge color="teal" variant="light">
              Renews automatically
            </Badge>
          </Fact>
        )}
        <Fact label="Payment model">
          {summary.paymentMethod === 'commission' ? 'Commission per booking' : 'Monthly subscription'}
        </Fact>
        {paid && summary.currentPeriodEnd && (
          <>
            <Fact
              label={
                summary.cancelAtPeriodEnd ? 'Access until' : renews ? 'Renews on' : 'Current period ends'
              }
            >
              {formatBillingDate(summary.currentPeriodEnd)}
            </Fact>
            {!summary.cancelAtPeriodEnd && (
              <Fact label="Billing day">Day {billingDayOf(summary.currentPeriodEnd)} of each month</Fact>
            )}
          </>
        )}
        {paid && !summary.cancelAtPeriodEnd && (
          <Fact label="Next billing amount">{formatRandCents(summary.nextBillingAmountCents)}</Fact>
        )}
      </Stack>
    </Section>
  );
}

function PaymentActions({ summary }: { summary: SubscriptionSummary }) {
  const busy = useSubscriptionBusy();
  const update = useUpdatePaymentMethod();
  const pay = useStartPayment();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const idle = (pending: boolean) => busy && !pending;
  const paid = (outcome: 'left' | 'none') => {
    if (outcome === 'none') notifySuccess(SUBSCRIPTION_MESSAGES.manualPaid);
  };

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel subscription',
      children: <Text size="sm">{SUBSCRIPTION_MESSAGES.cancelConfirm}</Text>,
      labels: { confirm: 'Cancel subscription', cancel: 'Keep subscription' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => notifySuccess(SUBSCRIPTION_MESSAGES.cancelled),
          onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.cancelFailed)),
        }),
    });

  return (
    <Group gap="sm" wrap="wrap">
      {summary.paymentMethod === 'subscription' && (
        <Button
          variant="light"
          loading={update.isPending}
          disabled={idle(update.isPending)}
          onClick={() =>
            update.mutate(undefined, {
              onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.methodUpdateFailed)),
            })
          }
        >
          Update payment method
        </Button>
      )}
      {summary.allowManualPayment && (
        <Button
          loading={pay.isPending && pay.variables === 'manual'}
          disabled={idle(pay.isPending && pay.variables === 'manual')}
          onClick={() =>
            pay.mutate('manual', {
              onSuccess: paid,
              onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.manualFailed)),
            })
          }
        >
          Pay now ({formatRandCents(summary.nextBillingAmountCents)})
        </Button>
      )}
      {canCancelSubscription(summary) && (
        <Button
          variant="outline"
          color="red"
          loading={cancel.isPending}
          disabled={idle(cancel.isPending)}
          onClick={confirmCancel}
        >
          Cancel subscription
        </Button>
      )}
      {canReactivateSubscription(summary) && (
        <Button
          color="teal"
          loading={reactivate.isPending}
          disabled={idle(reactivate.isPending)}
          onClick={() =>
            reactivate.mutate(undefined, {
              onSuccess: () => notifySuccess(SUBSCRIPTION_MESSAGES.reactivated),
              onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.reactivateFailed)),
            })
          }
        >
          Reactivate subscription
        </Button>
      )}
    </Group>
  );
}

function TestPayment({ summary }: { summary: SubscriptionSummary }) {
  const busy = useSubscriptionBusy();
  const pay = useStartPayment();
  const running = pay.isPending && pay.variables === 'test';
  return (
    <Section title="Test payment" id="test-payment-title">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Pays {formatRandCents(TEST_PAYMENT.amountCents)} for the {PLANS[TEST_PAYMENT.planId].name} plan
          through the {gatewayName(summary)} sandbox, to try the whole payment flow.
        </Text>
        <Button
          variant="light"
          leftSection={<IconFlask size={16} aria-hidden />}
          loading={running}
          disabled={busy && !running}
          onClick={() =>
            pay.mutate('test', {
              onSuccess: (outcome) =>
                outcome === 'none' ? notifySuccess(SUBSCRIPTION_MESSAGES.paymentProcessed) : undefined,
              onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.paymentFailed)),
            })
          }
        >
          Make a test payment
        </Button>
      </Stack>
    </Section>
  );
}

/** Billing tab (spec §2): details and validity, payment method, payment actions, test payment, history. */
export function BillingTab({ ownerId, readOnly }: { ownerId: string | null; readOnly: boolean }) {
  const summary = useSubscription(ownerId);
  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError && !summary.data)
    return <SummaryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  return (
    <Stack gap="md">
      {data.testMode && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="Test mode">
          Payments go to the {gatewayName(data)} sandbox (or this server’s simulator of it): no real money
          moves and no card is charged.
        </Alert>
      )}
      <SubscriptionDetails summary={data} />
      <Section title="Payment method" id="payment-method-title">
        <Stack gap="md">
          <PaymentMethodDetails summary={data} />
          {!readOnly && <PaymentActions summary={data} />}
        </Stack>
      </Section>
      {!readOnly && <CommissionStatements />}
      {data.testMode && !readOnly && <TestPayment summary={data} />}
      <Section title="Billing history" id="billing-history-title">
        <BillingHistory ownerId={ownerId} />
      </Section>
    </Stack>
  );
}
