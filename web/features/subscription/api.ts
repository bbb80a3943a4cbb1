import {
  type QueryClient,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PlanId } from '../../../domain/plans.ts';
import type {
  PaymentStart,
  PaymentState,
  SubscriptionSummary,
} from '../../../domain/schemas/subscription.ts';
import { PAYMENT_POLL } from '../../../domain/subscription-screen.ts';
import type { AddOnId } from '../../../domain/subscriptions.ts';
import { ApiError, api, lazySchema } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';
import { continuePayment, type PaymentPurpose } from './continue-payment.ts';

export type {
  BillingHistoryEntry,
  PaymentStart,
  PaymentState,
  PlanCatalogue,
  PlanView,
  SubscriptionSummary,
} from '../../../domain/schemas/subscription.ts';

// The payment pages are public and use this module too: zod and the schemas load beside the first
// request, not with the pages' code (docs/decisions/011).
const schemas = () => import('../../../domain/schemas/subscription.ts');
const summarySchema = lazySchema(schemas, (m) => m.SubscriptionSummarySchema);
const catalogueSchema = lazySchema(schemas, (m) => m.PlanCatalogueSchema);
const changePlanSchema = lazySchema(schemas, (m) => m.ChangePlanResultSchema);
const addOnResultSchema = lazySchema(schemas, (m) => m.AddOnResultSchema);
const planPreviewSchema = lazySchema(schemas, (m) => m.PlanChangePreviewSchema);
const paymentStartSchema = lazySchema(schemas, (m) => m.PaymentStartSchema);
const paymentStateSchema = lazySchema(schemas, (m) => m.PaymentStateSchema);
const billingHistorySchema = lazySchema(schemas, (m) => m.BillingHistorySchema);
const ownerPageSchema = lazySchema(
  () => import('../../../domain/schemas/admin-users.ts'),
  (m) => m.AdminUserPageSchema,
);

/**
 * The owner's own summary shares its key with the property-management guard's; an admin reads an
 * owner's under that owner's id. Everything under ['subscription'] refreshes after a change.
 */
export const subscriptionKey = (ownerId: string | null) =>
  ownerId ? ['subscription', 'owner', ownerId] : ['subscription'];

/** A refusal (4xx) is the answer; a network or server failure is asked again, twice. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

const ownerQuery = (ownerId: string | null) => (ownerId ? `?${toQueryString({ ownerId })}` : '');

/** The signed-in owner's subscription, or (admin) the chosen owner's; nothing is asked while `enabled` is false. */
export function useSubscription(ownerId: string | null, enabled = true) {
  return useQuery({
    queryKey: subscriptionKey(ownerId),
    queryFn: () => api.get(`/api/subscription${ownerQuery(ownerId)}`, summarySchema),
    enabled,
    retry,
  });
}

export function usePlanCatalogue() {
  return useQuery({
    queryKey: ['subscription-plans'],
    queryFn: () => api.get('/api/subscription/plans', catalogueSchema),
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useBillingHistory(ownerId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['subscription', 'billing-history', ownerId],
    queryFn: () => api.get(`/api/subscription/billing-history${ownerQuery(ownerId)}`, billingHistorySchema),
    enabled,
    retry,
  });
}

/** Owners by name or email, for the admin's picker (the first 100 that match). */
export function useOwnerChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin-users', 'owners', search],
    queryFn: () =>
      api.get(
        `/api/admin/users?${toQueryString({ role: 'owner', page_size: 100, q: search || undefined })}`,
        ownerPageSchema,
      ),
    enabled,
    retry,
    placeholderData: (previous) => previous,
  });
}

const ACTION_KEY = ['subscription-action'];

/** Whether any action of the screen is running: every action button waits for it. */
export const useSubscriptionBusy = () => useIsMutating({ mutationKey: ACTION_KEY }) > 0;

function showSummary(queryClient: QueryClient, summary: SubscriptionSummary) {
  queryClient.setQueryData(subscriptionKey(null), summary);
  return queryClient.invalidateQueries({ queryKey: ['subscription'] });
}

/** An action that answers with the new summary, which the screen shows at once. */
function useSummaryAction<Variables>(request: (variables: Variables) => Promise<SubscriptionSummary>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: request,
    onSuccess: (summary) => showSummary(queryClient, summary),
  });
}

export const useSwitchToCommission = () =>
  useSummaryAction(() => api.post('/api/subscription/commission', undefined, summarySchema));

export const useCancelSubscription = () =>
  useSummaryAction(() => api.post('/api/subscription/cancel', undefined, summarySchema));

export const useReactivateSubscription = () =>
  useSummaryAction(() => api.post('/api/subscription/reactivate', undefined, summarySchema));

export const useRemoveAddOn = () =>
  useSummaryAction(({ addOnId }: { addOnId: AddOnId }) =>
    api.delete(`/api/subscription/add-ons/${addOnId}`, summarySchema),
  );

/** What a plan change costs now and from when (the server's figures); asked only while `planId` is set. */
export function usePlanPreview(planId: PlanId | null) {
  return useQuery({
    queryKey: ['subscription', 'plan-preview', planId],
    queryFn: () => api.get(`/api/subscription/plan-preview?${toQueryString({ planId })}`, planPreviewSchema),
    enabled: planId !== null,
    staleTime: 0,
    retry,
  });
}

/** The payment step could not start (the spec's 'Payment form data is missing…'). */
export class PaymentStepError extends Error {}

/** How long the buttons stay busy once the browser is on its way to the gateway. */
const LEAVING_MS = 10_000;

/**
 * Continues at the gateway; 'none' when the payment needed no gateway step. While the browser leaves,
 * the action stays pending (its buttons disabled) for a while rather than settling.
 */
async function continueAt(payment: PaymentStart, purpose: PaymentPurpose): Promise<'left' | 'none'> {
  const step = continuePayment(payment, purpose);
  if (step.outcome === 'refused') throw new PaymentStepError(step.message);
  if (step.outcome === 'left') await new Promise((resolve) => setTimeout(resolve, LEAVING_MS));
  return step.outcome;
}

export type PlanChangeOutcome = { outcome: 'changed'; notices: string[] } | { outcome: 'left' | 'none' };

/** A plan change applies at once (free plan, downgrade) or continues to the gateway's checkout. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: async ({
      planId,
      expectedDueNowCents,
    }: {
      planId: PlanId;
      expectedDueNowCents?: number;
    }): Promise<PlanChangeOutcome> => {
      const result = await api.post(
        '/api/subscription/plan',
        { planId, expectedDueNowCents },
        changePlanSchema,
      );
      if (result.outcome === 'changed') {
        await showSummary(queryClient, result.subscription);
        return { outcome: 'changed', notices: result.notices };
      }
      const outcome = await continueAt(result.payment, 'payment');
      if (outcome === 'none') await queryClient.invalidateQueries({ queryKey: ['subscription'] });
      return { outcome };
    },
  });
}

/** Adding an add-on: active at once (charged from the next billing date), or paid first at the gateway. */
export function useAddAddOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: async ({ addOnId }: { addOnId: AddOnId }): Promise<'added' | 'left' | 'none'> => {
      const result = await api.post(`/api/subscription/add-ons/${addOnId}`, undefined, addOnResultSchema);
      if (result.outcome === 'added') {
        await showSummary(queryClient, result.subscription);
        return 'added';
      }
      return continueAt(result.payment, 'payment');
    },
  });
}

/** Pay now (the next billing amount) or the test payment (Pro, R 100), continued at the gateway. */
export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: async (kind: 'manual' | 'test') => {
      const payment = await api.post('/api/subscription/payments', { kind }, paymentStartSchema);
      const outcome = await continueAt(payment, 'payment');
      if (outcome === 'none') await queryClient.invalidateQueries({ queryKey: ['subscription'] });
      return outcome;
    },
  });
}

/** PayFast's card update page, or a R 5.00 card-verification checkout when no card is saved. */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: async () => {
      const payment = await api.post('/api/subscription/payment-method', undefined, paymentStartSchema);
      const outcome = await continueAt(payment, 'methodUpdate');
      if (outcome === 'none') await queryClient.invalidateQueries({ queryKey: ['subscription'] });
      return outcome;
    },
  });
}

/**
 * A payment as the server knows it, asked again every 1.5 s while it is pending (PayFast tells the
 * server the outcome by a notification that can come a little after the buyer is back), for a minute.
 */
export function usePaymentState(reference: string | null, startedAt: number) {
  return useQuery({
    queryKey: ['payment', reference],
    queryFn: () => api.get(`/api/payments/${encodeURIComponent(reference ?? '')}`, paymentStateSchema),
    enabled: !!reference,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAt < PAYMENT_POLL.timeoutMs
        ? PAYMENT_POLL.intervalMs
        : false,
  });
}

/** The buyer came back through the cancel address: a still-pending payment is marked cancelled. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      api.post(`/api/payments/${encodeURIComponent(reference)}/cancel`, undefined, paymentStateSchema),
    onSuccess: (state: PaymentState) => queryClient.setQueryData(['payment', state.reference], state),
  });
}
