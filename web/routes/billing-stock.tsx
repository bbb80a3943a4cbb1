import { canSaveStockItem } from '../../domain/billing-catalogues.ts';
import { formatRandCents } from '../../domain/money.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { type StockItem, stockItems } from '../features/billing/api.ts';
import type { Column } from '../features/billing/components/billing-table.tsx';
import { StockItemFields } from '../features/billing/components/catalogue-fields.tsx';
import { CatalogueScreen } from '../features/billing/components/catalogue-screen.tsx';
import {
  EMPTY_STOCK_ITEM,
  fieldCents,
  formatPercent,
  stockItemFormOf,
  stockItemPayloadOf,
} from '../features/billing/drafts.ts';

const COLUMNS: Array<Column<StockItem>> = [
  { label: 'Name', render: (item) => item.name },
  { label: 'Price', render: (item) => formatRandCents(item.unit_price_cents), numeric: true },
  { label: 'Tax %', render: (item) => formatPercent(item.tax_percent), numeric: true },
  { label: 'Unit', render: (item) => item.unit },
];

/** What the business sells by the unit on a reservation's bill: firewood, a welcome pack… */
export default function BillingStockPage() {
  const { data: user } = useCurrentUser();
  return (
    <CatalogueScreen
      role={user?.role ?? null}
      title="Stock Items"
      intro="What you sell by the unit on a reservation's bill, with its price and tax."
      noun="stock item"
      hooks={stockItems}
      columns={COLUMNS}
      texts={{
        loadFailed: 'Failed to load stock',
        empty: 'No items',
        question: 'Delete this item?',
        saved: 'Stock saved',
        deleted: 'Stock deleted',
      }}
      emptyForm={EMPTY_STOCK_ITEM}
      formOf={stockItemFormOf}
      payloadOf={stockItemPayloadOf}
      canSave={(form) => canSaveStockItem({ name: form.name, unitPriceCents: fieldCents(form.unitPrice) })}
      columnsWide={5}
      fields={(form, set) => <StockItemFields form={form} set={set} />}
    />
  );
}
