import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationSettings,
  NotificationSettingsViewSchema,
} from '../../../domain/schemas/notification-settings.ts';
import { api } from '../../lib/api.ts';

const URL = '/api/me/notification-settings';
const KEY = ['notification-settings'] as const;

/** The signed-in user's notification switches. */
export function useNotificationSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get(URL, NotificationSettingsViewSchema) });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => api.put(URL, settings, NotificationSettingsViewSchema),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
