import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PLANS, type Plan } from '../../../../domain/plans.ts';
import { monthlyTotalText } from '../../../../domain/subscription-proration.ts';
import {
  autoRenews,
  commissionLabel,
  isPaidPlan,
  periodCountdown,
  renewalText,
} from '../../../../domain/subscription-screen.ts';
import { formatPlanPrice } from '../../../../domain/subscriptions.ts';
import type { PlanView, SubscriptionSummary } from '../api.ts';
import { StatusBadge } from './subscription-bits.tsx';

const TONE_COLOR = { danger: 'red', warning: 'yellow', normal: 'gray' } as const;

/** The plan a summary is on: the server's catalogue entry, or the shared catalogue while that loads. */
export function planOf(summary: SubscriptionSummary, plans: PlanView[] | undefined): Plan | PlanView | null {
  if (!summary.planId) return null;
  return plans?.find((plan) => plan.id === summary.planId) ?? PLANS[summary.planId];
}

function DaysRemaining({ periodEnd, renews }: { periodEnd: string; renews: boolean }) {
  const { text, tone } = periodCountdown(periodEnd, renews);
  return (
    <Badge color={TONE_COLOR[tone]} variant="light" data-tone={tone}>
      {text}
    </Badge>
  );
}

/** Overview: the plan, its status, price, description, renewal and days remaining (spec §2). */
export function CurrentPlanCard({
  summary,
  plans,
}: {
  summary: SubscriptionSummary;
  plans: PlanView[] | undefined;
}) {
  const plan = planOf(summary, plans);
  const renewal = renewalText(summary);
  const paid = isPaidPlan(summary);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="current-plan-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="sm" c="dimmed">
              Current plan
            </Text>
            <Title order={2} id="current-plan-title">
              {summary.planName ?? plan?.name ?? 'No plan yet'}
            </Title>
          </div>
          <StatusBadge status={summary.status} />
        </Group>
        {plan && (
          <Group gap="xs" align="baseline">
            <Text fz={28} fw={700} lh={1.1}>
              {formatPlanPrice(plan.priceCents)}
            </Text>
            {plan.priceCents > 0 && (
              <Text c="dimmed" size="sm">
                / month
              </Text>
            )}
            {summary.paymentMethod === 'commission' && (
              <Badge color="grape" variant="light">
                Commission: {commissionLabel(summary.commissionRate)}
              </Badge>
            )}
          </Group>
        )}
        {summary.addOnsMonthlyCents > 0 && (
          <Text fw={500} data-testid="monthly-total">
            Monthly total:{' '}
            {monthlyTotalText(
              summary.paymentMethod === 'subscription' ? (plan?.priceCents ?? 0) : 0,
              summary.addOnsMonthlyCents,
            )}
          </Text>
        )}
        <Text c="dimmed">
          {plan?.description ?? 'Choose a plan on the Plans tab to start listing your rentals.'}
        </Text>
        {(renewal || (paid && summary.currentPeriodEnd)) && (
          <Group gap="sm" wrap="wrap">
            {renewal && <Text fw={500}>{renewal}</Text>}
            {(paid || summary.cancelAtPeriodEnd) && summary.currentPeriodEnd && (
              <DaysRemaining periodEnd={summary.currentPeriodEnd} renews={autoRenews(summary)} />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
