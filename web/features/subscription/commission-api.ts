import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, lazySchema } from '../../lib/api.ts';
import { continuePayment } from './continue-payment.ts';

export type {
  CommissionAccrual,
  CommissionOverview,
  CommissionStatementView,
} from '../../../domain/schemas/commission.ts';

const overviewSchema = lazySchema(
  () => import('../../../domain/schemas/commission.ts'),
  (m) => m.CommissionOverviewSchema,
);
const paymentStartSchema = lazySchema(
  () => import('../../../domain/schemas/subscription.ts'),
  (m) => m.PaymentStartSchema,
);

const COMMISSION_KEY = ['subscription', 'commission'];

/** The signed-in owner's commission: accrued and not yet billed, and the monthly statements. */
export function useCommission(enabled = true) {
  return useQuery({
    queryKey: COMMISSION_KEY,
    queryFn: () => api.get('/api/subscription/commission/statements', overviewSchema),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** Pays a statement: a once-off PayFast checkout, continued at the gateway. */
export function usePayStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (statementId: string) => {
      const payment = await api.post(
        `/api/subscription/commission/statements/${statementId}/pay`,
        undefined,
        paymentStartSchema,
      );
      const step = continuePayment(payment, 'payment');
      if (step.outcome === 'refused') throw new Error(step.message);
      if (step.outcome === 'none') await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
      return step.outcome;
    },
  });
}
