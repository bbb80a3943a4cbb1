import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate, todayInBusinessZone } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { installments, paymentTerms } from '../../../../domain/payment-plan.ts';
import type { ListingPaymentTerms } from '../../../../domain/schemas/online-payments.ts';

/** The figures a booking's total makes of the plan, as if the owner confirmed it today. */
export function scheduleLines(
  terms: ListingPaymentTerms,
  booking: { totalCents: number; startDate: string; securityDepositCents: number },
  today = todayInBusinessZone(),
): string[] {
  const fixed = paymentTerms(terms.plan, terms.cancellation, { ...booking, confirmedOn: today });
  const when = terms.instantBook ? 'now (instant book)' : 'when the owner confirms';
  return installments(fixed, booking).map((step) => {
    const cents = step.paymentCents + step.securityDepositCents;
    const deposit = step.securityDepositCents > 0 ? ', security deposit included' : '';
    return step.key === 'balance'
      ? `${formatRandCents(cents)} by ${formatDisplayDate(step.dueOn)}${deposit}`
      : `${formatRandCents(cents)} due ${when}${deposit}`;
  });
}

/**
 * "How you pay" on the listing, the booking page and the booking's confirmation (decision 059): the
 * plan in words, with the booking's figures once its dates and total are known, and the cancellation policy.
 */
export function HowYouPay({
  terms,
  booking,
}: {
  terms: ListingPaymentTerms;
  booking?: { totalCents: number; startDate: string; securityDepositCents: number } | null;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="how-you-pay">
      <Stack gap={6}>
        <Title order={2} size="h5" id="how-you-pay">
          How you pay
        </Title>
        {terms.instantBook && (
          // Wraps rather than cut off at phone width (360 px).
          <Badge
            color="teal"
            variant="light"
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            Instant book: confirmed at once
          </Badge>
        )}
        <Text size="sm">{terms.planText}</Text>
        {booking && (
          <ul aria-label="Your payments" style={{ margin: 0, paddingLeft: '1.2em' }}>
            {scheduleLines(terms, booking).map((line) => (
              <li key={line}>
                <Text size="sm" fw={500}>
                  {line}
                </Text>
              </li>
            ))}
          </ul>
        )}
        <Text size="sm">{terms.cancellationText}</Text>
        {!terms.paysOnline && (
          <Text size="sm" c="dimmed">
            Pay by EFT from the details on your documents.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
