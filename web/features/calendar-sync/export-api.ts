import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarExportSchema } from '../../../domain/schemas/calendar-export.ts';
import { api } from '../../lib/api.ts';

/** A listing's private iCal feed URL (docs/decisions/052). */
const exportKey = (propertyId: string) => ['calendar-export', propertyId] as const;

export function useCalendarExport(propertyId: string) {
  return useQuery({
    queryKey: exportKey(propertyId),
    queryFn: () => api.get(`/api/properties/${propertyId}/calendar-export`, CalendarExportSchema),
    retry: 1,
  });
}

/** A new URL; the old one stops working at once. */
export function useResetCalendarExport(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/properties/${propertyId}/calendar-export/reset`, {}, CalendarExportSchema),
    onSuccess: (answer) => queryClient.setQueryData(exportKey(propertyId), answer),
  });
}
