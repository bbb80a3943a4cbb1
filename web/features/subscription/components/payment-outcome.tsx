import { Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRandCents } from '../../../../domain/money.ts';
import type { PaymentState } from '../api.ts';

export type OutcomeTone = 'success' | 'failure' | 'cancelled' | 'waiting' | 'notice';

const ICON = {
  success: { color: 'teal', icon: IconCircleCheck },
  failure: { color: 'red', icon: IconCircleX },
  cancelled: { color: 'gray', icon: IconCircleX },
  waiting: { color: 'cyan', icon: IconClock },
  notice: { color: 'yellow', icon: IconAlertTriangle },
} as const;

/** The card the payment pages show: an icon, the outcome as the page heading, the details, what next. */
export function PaymentOutcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: OutcomeTone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { color, icon: Icon } = ICON[tone];
  return (
    <Container size="sm" py="xl">
      {/* A bordered box rather than Paper and ThemeIcon: these public pages share no small chunks
          with /register, whose first load is at its budget (docs/decisions/011). */}
      <Box
        p="xl"
        bd="1px solid var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack align="center" ta="center" gap="md" data-outcome={tone}>
          {tone === 'waiting' ? (
            <Loader size="lg" aria-hidden />
          ) : (
            <Icon size={56} stroke={1.5} color={`var(--mantine-color-${color}-light-color)`} aria-hidden />
          )}
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {actions && (
            <Group justify="center" gap="sm">
              {actions}
            </Group>
          )}
        </Stack>
      </Box>
    </Container>
  );
}

/** What the payment was for and how much. */
export function PaymentFacts({ payment }: { payment: PaymentState }) {
  return (
    <Stack gap={2} align="center">
      <Text fw={500}>{payment.description || `${payment.planName} plan`}</Text>
      <Text size="sm" c="dimmed">
        Plan: {payment.planName} · Amount: {formatRandCents(payment.amountCents)}
      </Text>
      <Text size="xs" c="dimmed">
        Reference {payment.reference}
      </Text>
    </Stack>
  );
}

export const ToSubscription = ({
  label = 'Go to Subscription',
  to = '/subscription',
  variant = 'filled',
}: {
  label?: string;
  to?: string;
  variant?: 'filled' | 'default' | 'light';
}) => (
  <Button component={Link} to={to} variant={variant}>
    {label}
  </Button>
);

/** A signed-out visitor signs in and comes back to the same page. */
export const SignInToSee = ({ returnUrl }: { returnUrl: string }) => (
  <Button component={Link} to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}>
    Sign in
  </Button>
);
