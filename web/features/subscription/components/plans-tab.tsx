import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { plainRandCents } from '../../../../domain/money.ts';
import { PLANS, type PlanId } from '../../../../domain/plans.ts';
import { planChangeLines } from '../../../../domain/subscription-proration.ts';
import {
  commissionLabel,
  featureText,
  type PlanAction,
  planActionOf,
  SUBSCRIPTION_MESSAGES,
} from '../../../../domain/subscription-screen.ts';
import { COMMISSION_PLAN, COMMISSION_RATE, formatPlanPrice } from '../../../../domain/subscriptions.ts';
import { notifyError, notifyNotice, notifySuccess } from '../../../lib/notify.ts';
import {
  type PlanView,
  type SubscriptionSummary,
  useChangePlan,
  usePlanPreview,
  useSubscriptionBusy,
  useSwitchToCommission,
} from '../api.ts';
import { failureText } from './subscription-bits.tsx';

interface Feature {
  name: string;
  included: boolean;
  limit?: number | undefined;
}

function FeatureList({ features, label }: { features: Feature[]; label: string }) {
  return (
    <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {features.map((feature) => (
        <Group key={feature.name} component="li" gap={8} wrap="nowrap" align="flex-start">
          {feature.included ? (
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-teal-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
          ) : (
            <IconCircleX
              size={18}
              color="var(--mantine-color-dimmed)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
          )}
          <Text size="sm" c={feature.included ? undefined : 'dimmed'}>
            <VisuallyHidden>{feature.included ? 'Included: ' : 'Not included: '}</VisuallyHidden>
            {featureText(feature)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function PlanFrame({
  id,
  name,
  highlight,
  badge,
  price,
  priceNote,
  description,
  children,
  action,
}: {
  id: string;
  name: string;
  highlight: boolean;
  badge: ReactNode;
  price: string;
  priceNote: string | null;
  description: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={`plan-${id}`}
      style={highlight ? { borderColor: 'var(--mantine-color-cyan-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={`plan-${id}`}>
            {name}
          </Title>
          {badge}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={700} lh={1.1}>
            {price}
          </Text>
          {priceNote && (
            <Text size="sm" c="dimmed">
              {priceNote}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
        <div style={{ marginTop: 'auto' }}>{action}</div>
      </Stack>
    </Card>
  );
}

function usePlanChange() {
  const change = useChangePlan();
  const choose = (planId: PlanId, expectedDueNowCents: number) =>
    change.mutate(
      { planId, expectedDueNowCents },
      {
        onSuccess: (result) => {
          if (result.outcome === 'changed') {
            notifySuccess(SUBSCRIPTION_MESSAGES.planUpdated);
            for (const [index, notice] of result.notices.entries())
              notifyNotice(`plan-notice-${index}`, 'About your new plan', notice);
          } else if (result.outcome === 'none') {
            notifySuccess(SUBSCRIPTION_MESSAGES.paymentProcessed);
          }
        },
        onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.planFailed)),
      },
    );
  return { choose, running: change.isPending ? change.variables.planId : null };
}

/** The confirm step of a plan change: the server's preview of what it costs now and from when. */
function PlanChangeConfirm({
  plan,
  onClose,
  onConfirm,
}: {
  plan: PlanView | null;
  onClose: () => void;
  onConfirm: (planId: PlanId, expectedDueNowCents: number) => void;
}) {
  const preview = usePlanPreview(plan?.id ?? null);
  const data = preview.data;
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan ? `Change to ${plan.name}?` : ''} centered>
      {preview.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Working out what this change costs…</Text>
        </Group>
      ) : preview.isError || !data ? (
        <Alert color="red" role="alert">
          {failureText(preview.error, SUBSCRIPTION_MESSAGES.planFailed)}
        </Alert>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="What this change costs"
          style={{ paddingLeft: '1.1rem', margin: 0 }}
        >
          {planChangeLines(data).map((line) => (
            <Text key={line} size="sm" component="li">
              {line}
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Not now
        </Button>
        <Button
          disabled={!data}
          onClick={() => {
            if (!data) return;
            onConfirm(data.planId, data.dueNowCents);
            onClose();
          }}
        >
          {data?.payment === 'checkout'
            ? `Pay ${plainRandCents(data.dueNowCents)}`
            : `Change to ${plan?.name ?? ''}`}
        </Button>
      </Group>
    </Modal>
  );
}

function PlanButton({
  plan,
  action,
  running,
  busy,
  onChoose,
}: {
  plan: PlanView;
  action: PlanAction;
  running: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  const current = action === 'Current plan';
  return (
    <Button
      fullWidth
      variant={action === 'Upgrade' ? 'filled' : current ? 'default' : 'light'}
      disabled={current || (busy && !running)}
      loading={running}
      onClick={onChoose}
      aria-label={
        current ? `Current plan: ${plan.name}` : `${action} ${action === 'Choose' ? '' : 'to '}${plan.name}`
      }
    >
      {action}
    </Button>
  );
}

/** Plans tab (spec §2): a card per plan and the commission option; admins see them without buttons. */
export function PlansTab({
  plans,
  plansError,
  summary,
  summaryLoading,
  readOnly,
}: {
  plans: PlanView[] | undefined;
  plansError: unknown;
  summary: SubscriptionSummary | undefined;
  /** The owner's plan is still loading: which button each card has is not known yet. */
  summaryLoading: boolean;
  readOnly: boolean;
}) {
  const { choose, running } = usePlanChange();
  const [confirming, setConfirming] = useState<PlanView | null>(null);
  const commission = useSwitchToCommission();
  const busy = useSubscriptionBusy();
  const onCommission = summary?.paymentMethod === 'commission';

  if (plansError && !plans)
    return (
      <Alert color="red" role="alert">
        {failureText(plansError, 'Failed to load the plans. Please try again.')}
      </Alert>
    );
  if (!plans || summaryLoading)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="status" aria-label="Loading plans">
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={420} radius="md" />
        ))}
      </SimpleGrid>
    );

  const starter = PLANS[COMMISSION_PLAN];
  const rate = summary?.commissionRate ?? COMMISSION_RATE;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <PlanChangeConfirm plan={confirming} onClose={() => setConfirming(null)} onConfirm={choose} />
      {plans.map((plan) => {
        const action = planActionOf(summary ?? null, plan);
        return (
          <PlanFrame
            key={plan.id}
            id={plan.id}
            name={plan.name}
            highlight={plan.isPopular}
            badge={
              plan.isPopular ? (
                <Badge color="cyan" variant="filled">
                  Most popular
                </Badge>
              ) : action === 'Current plan' ? (
                <Badge color="teal" variant="light">
                  Current
                </Badge>
              ) : null
            }
            price={formatPlanPrice(plan.priceCents)}
            priceNote={plan.priceCents > 0 ? '/ month' : null}
            description={plan.description}
            action={
              !readOnly && (
                <PlanButton
                  plan={plan}
                  action={action}
                  running={running === plan.id}
                  busy={busy}
                  onChoose={() => setConfirming(plan)}
                />
              )
            }
          >
            <FeatureList features={plan.features} label={`${plan.name} features`} />
          </PlanFrame>
        );
      })}
      <PlanFrame
        id="commission"
        name="Commission only"
        highlight={false}
        badge={
          onCommission ? (
            <Badge color="teal" variant="light">
              Current
            </Badge>
          ) : null
        }
        price={`${Math.round(rate * 100)}%`}
        priceNote="per booking"
        description={`No monthly fee: Rentza keeps ${Math.round(rate * 100)}% of each successful booking. Starter limits apply.`}
        action={
          !readOnly && (
            <Button
              fullWidth
              variant="light"
              disabled={onCommission || (busy && !commission.isPending)}
              loading={commission.isPending}
              onClick={() =>
                commission.mutate(undefined, {
                  onSuccess: () => notifySuccess(SUBSCRIPTION_MESSAGES.commissionSwitched),
                  onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.commissionFailed)),
                })
              }
            >
              Switch to commission
            </Button>
          )
        }
      >
        <FeatureList
          label="Commission features"
          features={[
            { name: 'Monthly fee', included: false },
            { name: 'Listings', included: true, limit: starter.limits.maxListings },
            { name: 'Bookings per month', included: true, limit: starter.limits.maxBookingsPerMonth },
            { name: 'Team members', included: true, limit: starter.limits.maxUsers },
            { name: `Commission: ${commissionLabel(rate)}`, included: true },
          ]}
        />
      </PlanFrame>
    </SimpleGrid>
  );
}
