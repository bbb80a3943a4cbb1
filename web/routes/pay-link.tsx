import { Alert, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRandCents } from '../../domain/money.ts';
import { payWith } from '../features/reservations/components/booking-payment-panel.tsx';
import { PaymentDueSummary } from '../features/reservations/components/payment-due-summary.tsx';
import { usePaymentLink, useStartLinkPayment } from '../features/reservations/payment-api.ts';
import { usePaymentReturn } from '../features/reservations/payment-return.ts';
import { ApiError, refusalOr } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

export const PAY_LINK_INVALID = 'This payment link is not valid or has expired.';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * /pay/:token, the page a payment link opens (issue 23 item 3, decision 061): the booking and what it
 * owes, and the owner's PayFast checkout, without signing in (the token is the permission).
 */
export default function PayLinkPage() {
  usePageTitle('Pay for your booking');
  const token = useParams().token ?? '';
  const link = usePaymentLink(token);
  const start = useStartLinkPayment(token);
  const returned = usePaymentReturn(link.data?.due.payments, link.refetch);
  const view = link.data;
  const invalid = link.error instanceof ApiError && (link.error.status === 404 || link.error.status === 410);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{view ? `Pay ${view.businessName}` : 'Pay for your booking'}</Title>
        {link.isPending && (
          <Stack role="status" aria-busy="true" aria-label="Loading the booking">
            <Skeleton height={120} />
          </Stack>
        )}
        {invalid && (
          <Alert color="red" role="alert">
            {PAY_LINK_INVALID}
          </Alert>
        )}
        {link.isError && !invalid && (
          <Alert color="red" role="alert">
            {refusalOr(link.error, 'Could not load this booking. Please try again.')}
          </Alert>
        )}
        {view && (
          <Paper withBorder p="lg" radius="md" component="section" aria-label="Your booking">
            <Stack gap="md">
              <Text>
                Hi {view.clientFirstName}, here is what you owe {view.businessName} for your booking.
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Fact label="Listing" value={view.propertyTitle} />
                <Fact
                  label="Dates"
                  value={`${formatDisplayDate(view.startDate)} to ${formatDisplayDate(view.endDate)}`}
                />
                <Fact label="Reservation ID" value={view.due.reference} />
                <Fact label="Due now" value={formatRandCents(view.due.nowCents)} />
                <Fact label="Balance" value={formatRandCents(view.due.balanceCents)} />
              </SimpleGrid>
              <PaymentDueSummary
                due={view.due}
                onPay={payWith(start.mutate)}
                paying={start.isPending}
                waiting={returned.waiting}
                timedOut={returned.timedOut}
              />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
