import { useQuery } from '@tanstack/react-query';
import type { Report } from '../../../domain/schemas/reports.ts';
import { ApiError, api, lazySchema } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type { Report } from '../../../domain/schemas/reports.ts';

const reportSchema = lazySchema(
  () => import('../../../domain/schemas/reports.ts'),
  (m) => m.ReportSchema,
);

export interface ReportRequest {
  from: string;
  to: string;
  listing: string | null;
}

/** A refusal (4xx: no plan, no permission, a bad period) is the answer; other failures are asked again. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** The business's report for a period and listing (issue 20 item 6). The previous one stays while the next loads. */
export function useReport(request: ReportRequest) {
  return useQuery<Report>({
    queryKey: ['reports', request.from, request.to, request.listing],
    queryFn: () => api.get(`/api/reports?${toQueryString(request)}`, reportSchema),
    placeholderData: (previous) => previous,
    retry,
  });
}
