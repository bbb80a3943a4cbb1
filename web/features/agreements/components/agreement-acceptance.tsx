import { lazy, Suspense } from 'react';
import type { AgreementVersion } from '../../../../domain/schemas/agreement.ts';
import { LoadingSkeleton } from '../../../components/loading-skeleton.tsx';

// Only when the business has an agreement in force: not part of the booking page's first load
// (docs/decisions/073).
const AgreementCheck = lazy(() => import('./agreement-check.tsx'));

const loadingAgreement = <LoadingSkeleton label="Loading the rental agreement" height={24} />;

/**
 * The booking page's acceptance of the business's rental agreement: a required checkbox and a link
 * that opens the agreement (docs/decisions/037). Nothing is shown under Rentza's standard terms.
 */
export function AgreementAcceptance({
  agreement,
  loading,
  accepted,
  onAcceptedChange,
}: {
  agreement: AgreementVersion | null | undefined;
  loading: boolean;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  if (loading) return loadingAgreement;
  if (!agreement) return null;
  return (
    <Suspense fallback={loadingAgreement}>
      <AgreementCheck agreement={agreement} accepted={accepted} onAcceptedChange={onAcceptedChange} />
    </Suspense>
  );
}
