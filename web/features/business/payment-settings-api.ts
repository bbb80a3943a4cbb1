import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentSettings, PaymentSettingsSchema } from '../../../domain/schemas/online-payments.ts';
import { api } from '../../lib/api.ts';

const KEY = ['business-payment-settings'] as const;

/** The business's payment plan and cancellation policy (the defaults until it chooses). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api.get('/api/business/payment-settings', PaymentSettingsSchema),
  });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSettings) =>
      api.put('/api/business/payment-settings', input, PaymentSettingsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      // Listing pages show the plan in force.
      return queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
  });
}
