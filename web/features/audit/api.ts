import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminAuditPageSchema,
  type AdminAuditQuery,
  AuditHistorySchema,
} from '../../../domain/schemas/audit.ts';
import { BusinessOwnerSchema } from '../../../domain/schemas/business.ts';
import { api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type { AdminAuditPage, AuditEntry } from '../../../domain/schemas/audit.ts';

/** A reservation's history (docs/decisions/051), newest first; fetched when the History tab opens. */
export function useReservationHistory(reservationId: string) {
  return useQuery({
    queryKey: ['reservations', 'history', reservationId],
    queryFn: () => api.get(`/api/reservations/${reservationId}/history`, AuditHistorySchema),
  });
}

/** The admin's page of the audit log. */
export function useAdminAudit(query: Partial<AdminAuditQuery>) {
  return useQuery({
    queryKey: ['admin-audit', query],
    queryFn: () => api.get(`/api/admin/audit?${toQueryString(query)}`, AdminAuditPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Every business by its owner, for the business filter. */
export function useAuditBusinesses() {
  return useQuery({
    queryKey: ['business-owners'],
    queryFn: () => api.get('/api/business/owners', BusinessOwnerSchema.array()),
  });
}
