import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CatalogueDeleteResultSchema,
  type ExtraChargeType,
  type ExtraChargeTypeInputSchema,
  ExtraChargeTypeSchema,
  type RateInputSchema,
  RateSchema,
  type StockItem,
  type StockItemInputSchema,
  StockItemSchema,
} from '../../../domain/schemas/billing.ts';
import { BusinessOwnerSchema, BusinessPropertySchema } from '../../../domain/schemas/business.ts';
import { api } from '../../lib/api.ts';

export type { ExtraChargeType, Rate, StockItem } from '../../../domain/schemas/billing.ts';
export type { BusinessOwner, BusinessProperty } from '../../../domain/schemas/business.ts';

/** What the forms send (defaults not yet applied: the server applies them). */
export type RatePayload = z.input<typeof RateInputSchema>;
export type StockItemPayload = z.input<typeof StockItemInputSchema>;
export type ExtraChargeTypePayload = z.input<typeof ExtraChargeTypeInputSchema>;

/** The business's listings (an admin: every business's); the reservation screens share this cache. */
export function useBillingProperties() {
  return useQuery({
    queryKey: ['business-properties'],
    queryFn: () => api.get('/api/business/properties', BusinessPropertySchema.array()),
  });
}

/** Every business, by its owner: an admin picks the one to act for. */
export function useBusinessOwners(enabled: boolean) {
  return useQuery({
    queryKey: ['business-owners'],
    queryFn: () => api.get('/api/business/owners', BusinessOwnerSchema.array()),
    enabled,
  });
}

const RATES_KEY = 'rates';

/** A listing's rate periods, by start date. */
export function useRates(propertyId: string | null) {
  return useQuery({
    queryKey: [RATES_KEY, propertyId],
    queryFn: () => api.get(`/api/billing/rates?property_id=${propertyId}`, RateSchema.array()),
    enabled: !!propertyId,
  });
}

/** Saving refreshes the list before it resolves (the form resets once the list shows the change). */
export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: RatePayload }) =>
      id
        ? api.put(`/api/billing/rates/${id}`, payload, RateSchema)
        : api.post('/api/billing/rates', payload, RateSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RATES_KEY] }),
  });
}

export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/billing/rates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RATES_KEY] }),
  });
}

/**
 * The hooks of one catalogue. `ownerId` names the business: an admin must name one (their list waits
 * until they have); owners and staff may name their own or leave it out.
 */
function catalogueHooks<Entry, Payload>(path: string, key: string, schema: z.ZodType<Entry>) {
  const withOwner = (url: string, ownerId: string | undefined) =>
    ownerId ? `${url}?owner_id=${encodeURIComponent(ownerId)}` : url;
  const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
    queryClient.invalidateQueries({ queryKey: [key] });
  return {
    useList(ownerId: string | undefined, enabled = true) {
      return useQuery({
        queryKey: [key, ownerId ?? 'own'],
        queryFn: () => api.get(withOwner(path, ownerId), schema.array()),
        enabled,
      });
    },
    useSave(ownerId: string | undefined) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, payload }: { id: string | null; payload: Payload }) =>
          id
            ? api.put(`${path}/${id}`, payload, schema)
            : api.post(withOwner(path, ownerId), payload, schema),
        onSuccess: () => invalidate(queryClient),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api.delete(`${path}/${id}`, CatalogueDeleteResultSchema),
        onSuccess: () => invalidate(queryClient),
      });
    },
  };
}

/** The API hooks of one catalogue (the catalogue screen takes them). */
export type CatalogueHooks<Entry, Payload> = ReturnType<typeof catalogueHooks<Entry, Payload>>;

export const stockItems = catalogueHooks<StockItem, StockItemPayload>(
  '/api/billing/stock-items',
  'stock-items',
  StockItemSchema,
);
export const extraChargeTypes = catalogueHooks<ExtraChargeType, ExtraChargeTypePayload>(
  '/api/billing/extra-charge-types',
  'extra-charge-types',
  ExtraChargeTypeSchema,
);

/** A business's stock items in use, by name (the Transactions tab picks from these too). */
export const useStockItems = stockItems.useList;
export const useSaveStockItem = stockItems.useSave;
export const useDeleteStockItem = stockItems.useDelete;

/** A business's ad hoc charge types in use, by name (the Transactions tab picks from these too). */
export const useExtraChargeTypes = extraChargeTypes.useList;
export const useSaveExtraChargeType = extraChargeTypes.useSave;
export const useDeleteExtraChargeType = extraChargeTypes.useDelete;
