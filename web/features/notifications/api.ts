import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  InAppNotificationListSchema,
  UnreadCountSchema,
} from '../../../domain/schemas/in-app-notifications.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/me/notifications';
const KEY = ['in-app-notifications'] as const;
const COUNT_KEY = [...KEY, 'unread-count'] as const;
const LIST_KEY = [...KEY, 'list'] as const;

/** The bell polls modestly: once a minute, and again when the tab regains focus. */
export const UNREAD_POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: COUNT_KEY,
    queryFn: () => api.get(`${BASE}/unread-count`, UnreadCountSchema),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The newest page, read when the bell is opened (and then kept fresh while it is). */
export function useNotificationList(page = 1) {
  return useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => api.get(`${BASE}?page=${page}`, InAppNotificationListSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useCountUpdate() {
  const queryClient = useQueryClient();
  return (unread: number) => {
    queryClient.setQueryData(COUNT_KEY, { unread });
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
}

export function useMarkRead() {
  const update = useCountUpdate();
  return useMutation({
    mutationFn: (id: string) => api.post(`${BASE}/${id}/read`, undefined, UnreadCountSchema),
    onSuccess: ({ unread }) => update(unread),
  });
}

export function useMarkAllRead() {
  const update = useCountUpdate();
  return useMutation({
    mutationFn: () => api.post(`${BASE}/read-all`, undefined, UnreadCountSchema),
    onSuccess: ({ unread }) => update(unread),
  });
}
