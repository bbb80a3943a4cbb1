import { Group, Progress, Stack, Text } from '@mantine/core';
import type { PlanLimits } from '../../../../domain/plans.ts';
import { usageText } from '../../../../domain/subscription-screen.ts';
import { usageLevel } from '../../../../domain/subscriptions.ts';
import type { SubscriptionSummary } from '../api.ts';

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const level = usageLevel(used, limit);
  const figure = usageText(used, limit);
  return (
    <div data-testid={`usage-${label}`} data-warning={level.warning}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={level.warning ? undefined : 'dimmed'} fw={level.warning ? 600 : undefined}>
          {figure}
        </Text>
      </Group>
      {!level.unlimited && (
        <Progress
          value={level.percent}
          color={level.warning ? 'yellow.6' : 'cyan.7'}
          size="md"
          radius="xl"
          aria-label={`${label}: ${figure}`}
        />
      )}
    </div>
  );
}

/** Usage against the plan's limits: listings, bookings this month, team members (warning at 80 %). */
export function UsageBars({ usage, limits }: { usage: SubscriptionSummary['usage']; limits: PlanLimits }) {
  return (
    <Stack gap="md">
      <UsageBar label="Listings" used={usage.currentListings} limit={limits.maxListings} />
      <UsageBar
        label="Bookings this month"
        used={usage.bookingsThisMonth}
        limit={limits.maxBookingsPerMonth}
      />
      <UsageBar label="Team members" used={usage.usersCount} limit={limits.maxUsers} />
    </Stack>
  );
}
