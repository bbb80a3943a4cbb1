import { Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  paymentMethodActionOf,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TABS,
  type SubscriptionTab,
  subscriptionTabOf,
} from '../../domain/subscription-screen.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { useCancelPayment, usePlanCatalogue, useSubscription } from '../features/subscription/api.ts';
import { BillingTab } from '../features/subscription/components/billing-tab.tsx';
import { OverviewTab, SummarySkeleton } from '../features/subscription/components/overview-tab.tsx';
import { OwnerPicker } from '../features/subscription/components/owner-picker.tsx';
import { PlansTab } from '../features/subscription/components/plans-tab.tsx';
import { forgetPayment, rememberedPayment } from '../features/subscription/continue-payment.ts';
import { notifyNotice, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const TAB_LABEL: Record<SubscriptionTab, string> = {
  overview: 'Overview',
  plans: 'Plans',
  billing: 'Billing',
};

/**
 * Back from PayFast's card update (spec §2: ?tab=billing&action=payment_method_updated or
 * …_cancelled): says what happened once, refreshes the subscription and takes the action off the address.
 */
function usePaymentMethodReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const cancelPayment = useCancelPayment();
  const handled = useRef(false);
  const action = paymentMethodActionOf(params.get('action'));
  useEffect(() => {
    if (!action || handled.current) return;
    handled.current = true;
    const reference = rememberedPayment('methodUpdate');
    if (action === 'updated') {
      notifySuccess(SUBSCRIPTION_MESSAGES.methodUpdated);
    } else {
      notifyNotice('payment-method-update', 'Payment method', SUBSCRIPTION_MESSAGES.methodUpdateCancelled);
      // A card-verification checkout left pending is closed (nothing was charged).
      if (reference) cancelPayment.mutate(reference, { onError: () => {} });
    }
    forgetPayment('methodUpdate');
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
  }, [action, cancelPayment, queryClient, setParams]);
}

function ChooseOwnerFirst() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text c="dimmed">Choose an owner above to see their plan, usage and billing.</Text>
    </Paper>
  );
}

/** Subscription management (spec §2, /subscription): Overview, Plans and Billing tabs, `?tab=` addressable. */
export default function SubscriptionPage() {
  usePageTitle('Subscription Management');
  const { data: user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const tab = subscriptionTabOf(params.get('tab'));
  const ownerId = isAdmin ? params.get('ownerId') || null : null;
  const catalogue = usePlanCatalogue();
  // The Plans tab marks the owner's current plan; an admin only reads the catalogue there.
  const own = useSubscription(null, !!user && !isAdmin);
  usePaymentMethodReturn();

  const change = (values: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const forOwner = (content: ReactNode) =>
    isAdmin ? (
      <Stack gap="md">
        <OwnerPicker ownerId={ownerId} onChange={(id) => change({ ownerId: id })} />
        {ownerId ? content : <ChooseOwnerFirst />}
      </Stack>
    ) : (
      content
    );

  // The route guard has the user already; until then, which subscription to show is not known.
  if (!user) return <SummarySkeleton />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Subscription Management</Title>
          <Text c="dimmed">
            {isAdmin
              ? 'The plans on offer, and any owner’s subscription, usage and billing.'
              : 'Your plan, usage, add-ons, payments and tax invoices.'}
          </Text>
        </div>
        <Tabs value={tab} onChange={(value) => change({ tab: value })} keepMounted={false}>
          <Tabs.List grow={false} mb="md">
            {SUBSCRIPTION_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {TAB_LABEL[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="overview">
            {forOwner(<OverviewTab ownerId={ownerId} plans={catalogue.data?.plans} readOnly={isAdmin} />)}
          </Tabs.Panel>
          <Tabs.Panel value="plans">
            <PlansTab
              plans={catalogue.data?.plans}
              plansError={catalogue.error}
              summary={isAdmin ? undefined : own.data}
              summaryLoading={!isAdmin && own.isPending}
              readOnly={isAdmin}
            />
          </Tabs.Panel>
          <Tabs.Panel value="billing">
            {forOwner(<BillingTab ownerId={ownerId} readOnly={isAdmin} />)}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
