import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { SUBSCRIPTION_MESSAGES } from '../../../../domain/subscription-screen.ts';
import { formatPlanPrice } from '../../../../domain/subscriptions.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type SubscriptionSummary, useSubscriptionBusy, useToggleAddOn } from '../api.ts';
import { failureText, Section } from './subscription-bits.tsx';

type AddOnRow = SubscriptionSummary['addOns'][number];

const perMonth = (priceCents: number) => `${formatPlanPrice(priceCents)} / month`;

function AddOnItem({ addOn, readOnly }: { addOn: AddOnRow; readOnly: boolean }) {
  const toggle = useToggleAddOn();
  const busy = useSubscriptionBusy();
  const running = toggle.isPending && toggle.variables?.addOnId === addOn.id;
  const change = () =>
    toggle.mutate(
      { addOnId: addOn.id, add: !addOn.active },
      {
        onSuccess: () =>
          notifySuccess(addOn.active ? SUBSCRIPTION_MESSAGES.addOnRemoved : SUBSCRIPTION_MESSAGES.addOnAdded),
        onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.addOnFailed)),
      },
    );
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="xs" role="listitem" py={4}>
      <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Text fw={500}>{addOn.name}</Text>
        <Text size="sm" c="dimmed">
          {addOn.description}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {perMonth(addOn.priceCents)}
        </Text>
        {!readOnly && (
          <Button
            size="xs"
            variant={addOn.active ? 'default' : 'light'}
            loading={running}
            disabled={busy && !running}
            onClick={change}
            aria-label={`${addOn.active ? 'Remove' : 'Add'} ${addOn.name}`}
          >
            {addOn.active ? 'Remove' : 'Add'}
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
            <AddOnItem key={addOn.id} addOn={addOn} readOnly={readOnly} />
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
              <AddOnItem key={addOn.id} addOn={addOn} readOnly={readOnly} />
            ))}
          </Stack>
        </>
      )}
    </Section>
  );
}
