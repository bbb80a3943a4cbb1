import { canSaveExtraChargeType } from '../../domain/billing-catalogues.ts';
import { formatRandCents } from '../../domain/money.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { type ExtraChargeType, extraChargeTypes } from '../features/billing/api.ts';
import type { Column } from '../features/billing/components/billing-table.tsx';
import { ExtraChargeTypeFields } from '../features/billing/components/catalogue-fields.tsx';
import { CatalogueScreen } from '../features/billing/components/catalogue-screen.tsx';
import {
  EMPTY_EXTRA_CHARGE_TYPE,
  extraChargeTypeFormOf,
  extraChargeTypePayloadOf,
  formatPercent,
} from '../features/billing/drafts.ts';

const COLUMNS: Array<Column<ExtraChargeType>> = [
  { label: 'Name', render: (type) => type.name },
  { label: 'Default Amount', render: (type) => formatRandCents(type.default_amount_cents), numeric: true },
  { label: 'Tax %', render: (type) => formatPercent(type.tax_percent), numeric: true },
];

/** The kinds of one-off charge a business adds to a bill: late checkout, extra cleaning… */
export default function BillingExtraChargesPage() {
  const { data: user } = useCurrentUser();
  return (
    <CatalogueScreen
      role={user?.role ?? null}
      title="Ad Hoc Charge Types"
      intro="The one-off charges you add to a reservation's bill, with a default amount and tax."
      noun="charge type"
      hooks={extraChargeTypes}
      columns={COLUMNS}
      texts={{
        loadFailed: 'Failed to load types',
        empty: 'No types',
        question: 'Delete this type?',
        saved: 'Extra charge saved',
        deleted: 'Extra charge deleted',
      }}
      emptyForm={EMPTY_EXTRA_CHARGE_TYPE}
      formOf={extraChargeTypeFormOf}
      payloadOf={extraChargeTypePayloadOf}
      canSave={canSaveExtraChargeType}
      columnsWide={3}
      fields={(form, set) => <ExtraChargeTypeFields form={form} set={set} />}
    />
  );
}
