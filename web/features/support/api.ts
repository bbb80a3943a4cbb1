import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SupportInboxPageSchema,
  type SupportInboxQuery,
  type SupportRequestCreate,
  SupportRequestListSchema,
  type SupportThread,
  SupportThreadSchema,
} from '../../../domain/schemas/support.ts';
import { api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type {
  SupportInboxItem,
  SupportMessage,
  SupportRequestSummary,
  SupportThread,
} from '../../../domain/schemas/support.ts';

const SUPPORT_KEY = 'support';

/** The signed-in user's own requests (Help). */
export function useMySupportRequests() {
  return useQuery({
    queryKey: [SUPPORT_KEY, 'mine'],
    queryFn: () => api.get('/api/support/requests', SupportRequestListSchema),
  });
}

/** One request's thread (its sender's, or any for an admin); nothing is asked while none is chosen. */
export function useSupportThread(id: string | null | undefined) {
  return useQuery({
    queryKey: [SUPPORT_KEY, 'thread', id],
    queryFn: () => api.get(`/api/support/requests/${id}`, SupportThreadSchema),
    enabled: !!id,
  });
}

/** A page of the admins' inbox; the page shown stays while the next one loads. */
export function useSupportInbox(query: SupportInboxQuery) {
  return useQuery({
    queryKey: [SUPPORT_KEY, 'inbox', query],
    queryFn: () => api.get(`/api/admin/support/requests?${toQueryString(query)}`, SupportInboxPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes the lists and shows the new thread at once. */
function useSupportMutation<V>(request: (variables: V) => Promise<SupportThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (thread) => {
      queryClient.setQueryData([SUPPORT_KEY, 'thread', thread.id], thread);
      return queryClient.invalidateQueries({
        queryKey: [SUPPORT_KEY],
        predicate: (query) => query.queryKey[1] !== 'thread',
      });
    },
  });
}

export const useAskSupport = () =>
  useSupportMutation((body: SupportRequestCreate) =>
    api.post('/api/support/requests', body, SupportThreadSchema),
  );

export const useAddSupportMessage = () =>
  useSupportMutation(({ id, message }: { id: string; message: string }) =>
    api.post(`/api/support/requests/${id}/messages`, { message }, SupportThreadSchema),
  );

export const useReplyToSupport = () =>
  useSupportMutation(({ id, message }: { id: string; message: string }) =>
    api.post(`/api/admin/support/requests/${id}/replies`, { message }, SupportThreadSchema),
  );

export const useCloseSupportRequest = () =>
  useSupportMutation((id: string) =>
    api.post(`/api/admin/support/requests/${id}/close`, {}, SupportThreadSchema),
  );
