import { Anchor, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { todayInBusinessZone } from '../../../../domain/dates.ts';
import { plainRandCents } from '../../../../domain/money.ts';
import { addOnRemovalText, addOnTermsOf, addOnTermsText } from '../../../../domain/subscription-proration.ts';
import { formatBillingDate, SUBSCRIPTION_MESSAGES } from '../../../../domain/subscription-screen.ts';
import { formatPlanPrice } from '../../../../domain/subscriptions.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type SubscriptionSummary, useAddAddOn, useRemoveAddOn, useSubscriptionBusy } from '../api.ts';
import { failureText, Section } from './subscription-bits.tsx';

type AddOnRow = SubscriptionSummary['addOns'][number];

const perMonth = (priceCents: number) => `${formatPlanPrice(priceCents)} / month`;

/** The confirm step's text and button for adding, keeping or removing an add-on (decision 031). */
function stepOf(summary: SubscriptionSummary, addOn: AddOnRow) {
  const continuing = summary.addOns.filter((row) => row.active && !row.endsAt).map((row) => row.id);
  if (addOn.active && !addOn.endsAt)
    return {
      title: `Remove ${addOn.name}?`,
      text: addOnRemovalText(
        addOn,
        addOn.billedFrom || !summary.currentPeriodEnd
          ? null
          : todayInBusinessZone(new Date(summary.currentPeriodEnd)),
      ),
      confirm: 'Remove add-on',
    };
  const terms = addOnTermsOf(
    {
      planId: summary.planId ?? 'starter',
      paymentMethod: summary.paymentMethod,
      periodEnd: new Date(summary.currentPeriodEnd ?? Date.now()),
      hasRecurringBilling: summary.hasRecurringBilling,
      continuingAddOns: continuing,
    },
    addOn.id,
    new Date(),
  );
  if (addOn.endsAt)
    return {
      title: `Keep ${addOn.name}?`,
      text: `${addOn.name} continues after ${formatBillingDate(addOn.endsAt)}. From then you pay ${plainRandCents(terms.newMonthlyCents)} a month.`,
      confirm: 'Keep add-on',
    };
  return {
    title: `Add ${addOn.name}?`,
    text: addOnTermsText(terms, addOn),
    confirm: terms.payment === 'checkout' ? `Pay ${plainRandCents(terms.dueNowCents)}` : 'Add add-on',
  };
}

function AddOnItem({
  addOn,
  summary,
  readOnly,
}: {
  addOn: AddOnRow;
  summary: SubscriptionSummary;
  readOnly: boolean;
}) {
  const add = useAddAddOn();
  const remove = useRemoveAddOn();
  const busy = useSubscriptionBusy();
  const removing = addOn.active && !addOn.endsAt;
  const running =
    (add.isPending && add.variables?.addOnId === addOn.id) ||
    (remove.isPending && remove.variables?.addOnId === addOn.id);
  const onError = (error: unknown) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.addOnFailed));
  const run = () =>
    removing
      ? remove.mutate(
          { addOnId: addOn.id },
          { onSuccess: () => notifySuccess(SUBSCRIPTION_MESSAGES.addOnRemoved), onError },
        )
      : add.mutate(
          { addOnId: addOn.id },
          {
            onSuccess: (outcome) => {
              if (outcome === 'added') notifySuccess(SUBSCRIPTION_MESSAGES.addOnAdded);
            },
            onError,
          },
        );
  const confirm = () => {
    const step = stepOf(summary, addOn);
    modals.openConfirmModal({
      title: step.title,
      children: <Text size="sm">{step.text}</Text>,
      labels: { confirm: step.confirm, cancel: 'Not now' },
      confirmProps: removing ? { color: 'red' } : {},
      onConfirm: run,
    });
  };
  const label = removing ? 'Remove' : addOn.endsAt ? 'Keep' : 'Add';
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="xs" role="listitem" py={4}>
      <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Text fw={500}>{addOn.name}</Text>
        <Text size="sm" c="dimmed">
          {addOn.description}
        </Text>
        {addOn.endsAt && (
          <Badge color="yellow" variant="light" mt={4}>
            Ends on {formatBillingDate(addOn.endsAt)}
          </Badge>
        )}
        {addOn.billedFrom && (
          <Badge color="teal" variant="light" mt={4}>
            No charge until {formatBillingDate(addOn.billedFrom)}
          </Badge>
        )}
        {addOn.id === 'photography' && addOn.active && !readOnly && (
          <Anchor component={Link} to="/photography" size="sm" mt={4}>
            Book a shoot and see your requests
          </Anchor>
        )}
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {perMonth(addOn.priceCents)}
        </Text>
        {!readOnly && (
          <Button
            size="xs"
            variant={removing ? 'default' : 'light'}
            loading={running}
            disabled={busy && !running}
            onClick={confirm}
            aria-label={`${label} ${addOn.name}`}
          >
            {label}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Overview: the active add-ons, and those the owner can add, each priced per month. */
export function AddOnsSection({ summary, readOnly }: { summary: SubscriptionSummary; readOnly: boolean }) {
  const active = summary.addOns.filter((addOn) => addOn.active);
  const available = summary.addOns.filter((addOn) => !addOn.active);
  return (
    <Section title="Add-ons" id="add-ons-title">
      <Title order={3} size="h6" mb={4} id="active-add-ons">
        Active add-ons
      </Title>
      {active.length === 0 ? (
        <Text size="sm" c="dimmed">
          No add-ons active.
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-labelledby="active-add-ons">
          {active.map((addOn) => (
            <AddOnItem key={addOn.id} addOn={addOn} summary={summary} readOnly={readOnly} />
          ))}
        </Stack>
      )}
      {available.length > 0 && (
        <>
          <Divider my="sm" />
          <Title order={3} size="h6" mb={4} id="available-add-ons">
            {readOnly ? 'Other add-ons' : 'Available add-ons'}
          </Title>
          <Stack gap={0} role="list" aria-labelledby="available-add-ons">
            {available.map((addOn) => (
              <AddOnItem key={addOn.id} addOn={addOn} summary={summary} readOnly={readOnly} />
            ))}
          </Stack>
        </>
      )}
    </Section>
  );
}
