import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { commissionLabel, formatBillingDate } from '../../../../domain/subscription-screen.ts';
import type { SubscriptionSummary } from '../api.ts';

const GATEWAY_NAME = { payfast: 'PayFast', stripe: 'Stripe' } as const;
const METHOD_TYPE = { card: 'Card', bank_account: 'Bank account', eft: 'EFT' } as const;

export const gatewayName = (summary: SubscriptionSummary) => GATEWAY_NAME[summary.gateway];

/** Billing tab: commission terms, or the payment method the gateway holds (spec §2). */
export function PaymentMethodDetails({ summary }: { summary: SubscriptionSummary }) {
  if (summary.paymentMethod === 'commission')
    return (
      <Stack gap={4}>
        <Text fw={500}>Commission only: {commissionLabel(summary.commissionRate)}</Text>
        <Text size="sm" c="dimmed">
          There is no monthly fee and no card to keep on file: Rentza keeps{' '}
          {Math.round(summary.commissionRate * 100)}% of each successful booking.
        </Text>
      </Stack>
    );
  const method = summary.savedPaymentMethod;
  const gateway = gatewayName(summary);
  return (
    <Stack gap="xs">
      {method ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCreditCard size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={500}>{method.displayName}</Text>
              <Badge color={method.isActive ? 'teal' : 'gray'} variant="light">
                {method.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {[METHOD_TYPE[method.type], method.brand].filter(Boolean).join(' · ')}
              {method.lastUsed && ` · Last used ${formatBillingDate(method.lastUsed)}`}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Text c="dimmed">No payment method saved</Text>
      )}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          Your card details are held by {gateway}, never by Rentza. Payments are made on {gateway}’s secure
          pages.
        </Text>
      </Group>
    </Stack>
  );
}
