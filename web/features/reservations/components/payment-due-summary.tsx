import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import type { PaymentDue, PayPurpose } from '../payment-api.ts';
import { PAYMENT_RETURN_MESSAGES } from '../payment-return.ts';

/** The button a booking offers: what is due now, or (nothing due yet) the whole balance early. */
export function payChoice(due: PaymentDue): { purpose: PayPurpose; label: string } | null {
  if (!due.payable) return null;
  if (due.nowCents > 0) return { purpose: 'due_now', label: `Pay ${formatRandCents(due.nowCents)}` };
  if (due.payOffCents > 0)
    return { purpose: 'balance', label: `Pay balance early (${formatRandCents(due.payOffCents)})` };
  return null;
}

/** 'R 9 300.00 due by 3 December 2026 (R 6 650.00 balance + R 2 650.00 refundable security deposit)'. */
export function nextDueText(next: NonNullable<PaymentDue['next']>): string {
  const when = `${formatRandCents(next.cents)} due by ${formatDisplayDate(next.dueOn)}`;
  if (next.securityDepositCents <= 0) return when;
  const rental = next.cents - next.securityDepositCents;
  const security = `${formatRandCents(next.securityDepositCents)} refundable security deposit`;
  return rental > 0 ? `${when} (${formatRandCents(rental)} balance + ${security})` : `${when} (${security})`;
}

/**
 * What a booking owes and the button to pay it (My Reservations and the payment link page): the
 * next amount and its date, an overdue badge, or why it cannot be paid online.
 */
export function PaymentDueSummary({
  due,
  onPay,
  paying,
  waiting,
  timedOut,
}: {
  due: PaymentDue;
  onPay: (purpose: PayPurpose) => void;
  paying: boolean;
  waiting: boolean;
  timedOut: boolean;
}) {
  const choice = payChoice(due);
  if (due.payOffCents <= 0 && !waiting)
    return (
      <Text size="sm" c="teal.8" fw={500}>
        Paid in full
      </Text>
    );
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        {due.overdue && (
          <Badge color="red" variant="light">
            {due.next ? `Overdue since ${formatDisplayDate(due.next.dueOn)}` : 'Overdue'}
          </Badge>
        )}
        {due.nowCents > 0 && (
          <Text size="sm" fw={500}>
            {`${formatRandCents(due.nowCents)} due now`}
          </Text>
        )}
        {due.next && !due.overdue && <Text size="sm">{nextDueText(due.next)}</Text>}
        <Text size="sm" c="dimmed">
          {`Balance ${formatRandCents(due.balanceCents)}`}
        </Text>
      </Group>
      {due.planText && (
        <Text size="xs" c="dimmed">
          {due.planText}
        </Text>
      )}
      {waiting && (
        <Text size="sm" role="status">
          {PAYMENT_RETURN_MESSAGES.waiting}
        </Text>
      )}
      {timedOut && (
        <Alert color="yellow" role="status">
          {PAYMENT_RETURN_MESSAGES.timedOut}
        </Alert>
      )}
      {!due.payable && due.notPayableReason && (
        <Text size="sm" c="dimmed">
          {due.notPayableReason}
        </Text>
      )}
      {choice && !waiting && (
        <Group>
          <Button size="sm" onClick={() => onPay(choice.purpose)} loading={paying}>
            {choice.label}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
