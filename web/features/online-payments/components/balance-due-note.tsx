import { Badge, Group, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { shortDueDate } from '../../../../domain/payment-reminders.ts';

/**
 * When a booking's balance falls due, under its amount (docs/decisions/062): a red "Overdue" badge with
 * the date once it has passed with money owed, otherwise "Due 12 Dec"; nothing without payment terms or
 * with nothing owed.
 */
export function BalanceDueNote({
  balanceDueOn,
  overdue,
  balanceCents,
}: {
  balanceDueOn: string | null;
  overdue: boolean;
  balanceCents: number;
}) {
  if (!balanceDueOn || balanceCents <= 0) return null;
  const due = `Due ${shortDueDate(balanceDueOn, false)}`;
  if (!overdue)
    return (
      <Text size="xs" c="dimmed" title={formatDisplayDate(balanceDueOn)}>
        {due}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color="red" variant="filled" size="sm">
        Overdue
      </Badge>
      <Text size="xs" c="red.8" title={formatDisplayDate(balanceDueOn)}>
        {due}
      </Text>
    </Group>
  );
}
