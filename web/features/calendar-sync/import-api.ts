import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CalendarFeedCreate,
  CalendarFeedCreatedSchema,
  CalendarSyncOverviewSchema,
} from '../../../domain/schemas/calendar-import.ts';
import { api } from '../../lib/api.ts';

export type {
  CalendarConflict,
  CalendarFeed,
  CalendarSyncOverview,
} from '../../../domain/schemas/calendar-import.ts';

const key = (propertyId: string) => ['calendar-feeds', propertyId] as const;

/** A listing's imported calendars and the conflicts their last syncs found (docs/decisions/053). */
export function useCalendarFeeds(propertyId: string) {
  return useQuery({
    queryKey: key(propertyId),
    queryFn: () => api.get(`/api/properties/${propertyId}/calendar-feeds`, CalendarSyncOverviewSchema),
    retry: 1,
  });
}

/** Imported blocks change what can be booked: the feeds, blocks and availability refresh together. */
function useRefresh(propertyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key(propertyId) }),
      queryClient.invalidateQueries({ queryKey: ['blocked-periods'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
}

export function useAddCalendarFeed(propertyId: string) {
  const refresh = useRefresh(propertyId);
  return useMutation({
    mutationFn: (input: CalendarFeedCreate) =>
      api.post(`/api/properties/${propertyId}/calendar-feeds`, input, CalendarFeedCreatedSchema),
    onSuccess: refresh,
  });
}

export function useSyncCalendarFeed(propertyId: string) {
  const refresh = useRefresh(propertyId);
  return useMutation({
    mutationFn: (feedId: string) =>
      api.post(`/api/calendar-feeds/${feedId}/sync`, {}, CalendarFeedCreatedSchema),
    onSettled: refresh,
  });
}

export function useRemoveCalendarFeed(propertyId: string) {
  const refresh = useRefresh(propertyId);
  return useMutation({
    mutationFn: (feedId: string) => api.delete(`/api/calendar-feeds/${feedId}`),
    onSuccess: refresh,
  });
}
