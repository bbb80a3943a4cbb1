import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, type IsoDate } from '../../../domain/dates.ts';
import {
  type BlockedPeriod,
  type BlockedPeriodCreate,
  BlockedPeriodSchema,
} from '../../../domain/schemas/blocked-period.ts';
import { api } from '../../lib/api.ts';

export type { BlockedPeriod } from '../../../domain/schemas/blocked-period.ts';

/** The business's blocked dates sharing a day with the range (the server scopes them to the caller). */
export function useCalendarBlocks(range: { start: IsoDate; end: IsoDate }) {
  return useQuery({
    queryKey: ['blocked-periods', range.start, range.end],
    queryFn: () =>
      api.get(
        `/api/blocked-periods?from=${encodeURIComponent(range.start)}&to=${encodeURIComponent(range.end)}`,
        BlockedPeriodSchema.array(),
      ),
    retry: 1,
  });
}

/** Blocks change what can be booked: the availability lists refresh with the blocks. */
function useRefreshAfterBlocks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['blocked-periods'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
}

export function useCreateBlock() {
  const refresh = useRefreshAfterBlocks();
  return useMutation({
    mutationFn: ({ propertyId, input }: { propertyId: string; input: BlockedPeriodCreate }) =>
      api.post(`/api/properties/${propertyId}/blocked-periods`, input, BlockedPeriodSchema),
    onSuccess: refresh,
  });
}

export function useRemoveBlock() {
  const refresh = useRefreshAfterBlocks();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/blocked-periods/${id}`),
    onSuccess: refresh,
  });
}

/** Each day of the grid with the blocks that hold it (a block [start, end) holds start … end − 1). */
export function blocksByDay(blocks: readonly BlockedPeriod[], days: readonly IsoDate[]) {
  const byDay = new Map<IsoDate, BlockedPeriod[]>();
  for (const block of blocks) {
    for (let day = block.start_date; day < block.end_date; day = addDays(day, 1)) {
      if (!days.includes(day)) continue;
      byDay.set(day, [...(byDay.get(day) ?? []), block]);
    }
  }
  return byDay;
}
