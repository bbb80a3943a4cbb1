import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PaymentAccountInput,
  PaymentAccountViewSchema,
} from '../../../domain/schemas/online-payments.ts';
import { api } from '../../lib/api.ts';

export type { PaymentAccountView } from '../../../domain/schemas/online-payments.ts';

const URL = '/api/business/payment-account';
const KEY = ['payment-account'] as const;

/** How the owner's clients pay online (owner only): never the merchant key or the passphrase. */
export function usePaymentAccount() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get(URL, PaymentAccountViewSchema) });
}

/** EFT only, or the owner's PayFast merchant (the server checks it with PayFast before storing it). */
export function useSavePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentAccountInput) => api.put(URL, input, PaymentAccountViewSchema),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
