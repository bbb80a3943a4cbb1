import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PLANS } from '../../../../domain/plans.ts';
import { SUBSCRIPTION_MESSAGES } from '../../../../domain/subscription-screen.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type PlanView, type SubscriptionSummary, useSubscription } from '../api.ts';
import { AddOnsSection } from './add-ons-section.tsx';
import { CommissionOwed } from './commission-owed.tsx';
import { CurrentPlanCard, planOf } from './current-plan-card.tsx';
import { failureText, Section } from './subscription-bits.tsx';
import { UsageBars } from './usage-section.tsx';

export function SummarySkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading subscription">
      <Skeleton height={180} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

export function SummaryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title="Could not load the subscription">
      <Text size="sm">{failureText(error, SUBSCRIPTION_MESSAGES.loadFailed)}</Text>
      <Button size="xs" mt="xs" variant="light" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** A subscription that does not let the owner work: where to go next. */
function StatusNotice({ summary }: { summary: SubscriptionSummary }) {
  if (summary.status === 'past_due')
    return (
      <Alert color="yellow" title="Payment due">
        Your last payment has not come through. Pay now on the{' '}
        <Anchor component={Link} to="?tab=billing">
          Billing tab
        </Anchor>{' '}
        to keep your plan.
      </Alert>
    );
  if (!summary.status || summary.status === 'inactive' || summary.status === 'cancelled')
    return (
      <Alert color="blue" title="No active subscription">
        Choose a plan on the{' '}
        <Anchor component={Link} to="?tab=plans">
          Plans tab
        </Anchor>{' '}
        to list and manage your rentals.
      </Alert>
    );
  return null;
}

/** Overview tab (spec §2): refresh usage, the current plan, usage bars, add-ons. */
export function OverviewTab({
  ownerId,
  plans,
  readOnly,
}: {
  ownerId: string | null;
  plans: PlanView[] | undefined;
  readOnly: boolean;
}) {
  const summary = useSubscription(ownerId);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const result = await summary.refetch();
    setRefreshing(false);
    if (result.isError) notifyError(SUBSCRIPTION_MESSAGES.usageFailed);
    else notifySuccess(SUBSCRIPTION_MESSAGES.usageRefreshed);
  };

  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError && !summary.data)
    return <SummaryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  const limits = (planOf(data, plans) ?? PLANS.starter).limits;
  return (
    <Stack gap="md">
      {!readOnly && <StatusNotice summary={data} />}
      <CurrentPlanCard summary={data} plans={plans} />
      {!readOnly && data.paymentMethod === 'commission' && <CommissionOwed />}
      <Section
        title="Usage"
        id="usage-title"
        actions={
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={refreshing}
              onClick={() => void refresh()}
            >
              Refresh usage
            </Button>
          </Group>
        }
      >
        <UsageBars usage={data.usage} limits={limits} />
      </Section>
      <AddOnsSection summary={data} readOnly={readOnly} />
    </Stack>
  );
}
