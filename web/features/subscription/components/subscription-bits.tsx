import { Badge, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SubscriptionStatus } from '../../../../domain/plans.ts';
import { subscriptionStatusLabel } from '../../../../domain/subscriptions.ts';
import { refusalOr } from '../../../lib/api.ts';
import { PaymentStepError } from '../api.ts';

const STATUS_COLOR: Record<SubscriptionStatus, string> = {
  active: 'teal',
  trialing: 'blue',
  past_due: 'yellow',
  cancelled: 'red',
  inactive: 'gray',
};

/** The spec's status label (Active, Trial, Payment Due, Cancelled, Inactive) as a badge. */
export function StatusBadge({ status }: { status: SubscriptionStatus | null }) {
  return (
    <Badge color={status ? STATUS_COLOR[status] : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {status ? subscriptionStatusLabel(status) : 'No subscription'}
    </Badge>
  );
}

/** A titled card of the screen, named for screen readers by its title. */
export function Section({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--mantine-spacing-sm)',
          justifyContent: 'space-between',
          alignItems: 'center',
          marginBottom: 'var(--mantine-spacing-sm)',
        }}
      >
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </div>
      {children}
    </Paper>
  );
}

/** What a failed action tells the user: the payment step's own text, the server's refusal, or `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof PaymentStepError ? error.message : refusalOr(error, fallback);
}
