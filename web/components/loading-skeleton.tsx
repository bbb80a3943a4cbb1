import { Skeleton, type SkeletonProps } from '@mantine/core';

/**
 * A placeholder that tells screen readers what is loading. The name sits on a status role: a plain
 * div may not carry an aria-label (axe aria-prohibited-attr).
 */
export function LoadingSkeleton({ label, ...props }: SkeletonProps & { label: string }) {
  return <Skeleton role="status" aria-busy="true" aria-label={label} {...props} />;
}
