import { DEFAULT_STOCK_UNIT } from '../../../domain/billing-catalogues.ts';
import type { RateDraft } from '../../../domain/billing-rates.ts';
import type { IsoDate } from '../../../domain/dates.ts';
import { centsToRand, randToCents } from '../../../domain/money.ts';
import type {
  ExtraChargeType,
  ExtraChargeTypePayload,
  Rate,
  RatePayload,
  StockItem,
  StockItemPayload,
} from './api.ts';

/** What a number input holds: a number, or the text being typed ('' when empty). */
export type AmountField = number | string;

/** Rand (as typed) to cents; empty or not a number is 0. */
export function fieldCents(value: AmountField): number {
  const rand = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(rand) ? randToCents(rand) : 0;
}

/** A percentage as typed; empty or not a number is 0. */
export function fieldPercent(value: AmountField): number {
  const percent = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(percent) ? percent : 0;
}

/** '15%', '7.5%', '0%'. */
export const formatPercent = (value: number) => `${Number(value.toFixed(2))}%`;

// Rate periods -----------------------------------------------------------------------------------

export interface RateForm {
  id: string | null;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  rate: AmountField;
}

/** Reset clears to rate 0 and ZAR (spec §4). */
export const EMPTY_RATE: RateForm = { id: null, startDate: null, endDate: null, rate: 0 };

/** Edit loads a copy of the period. */
export const rateFormOf = (rate: Rate): RateForm => ({
  id: rate.id,
  startDate: rate.start_date,
  endDate: rate.end_date,
  rate: centsToRand(rate.rate_cents),
});

export const rateDraftOf = (form: RateForm, propertyId: string | null): RateDraft => ({
  id: form.id,
  propertyId,
  startDate: form.startDate,
  endDate: form.endDate,
  rateCents: fieldCents(form.rate),
});

/** Only called once canSaveRate holds: the dates are set. */
export const ratePayloadOf = (form: RateForm, propertyId: string): RatePayload => ({
  property_id: propertyId,
  start_date: form.startDate ?? '',
  end_date: form.endDate ?? '',
  rate_cents: fieldCents(form.rate),
  currency: 'ZAR',
});

// Stock items ------------------------------------------------------------------------------------

export interface StockItemForm {
  id: string | null;
  name: string;
  sku: string;
  unitPrice: AmountField;
  taxPercent: AmountField;
  unit: string;
}

export const EMPTY_STOCK_ITEM: StockItemForm = {
  id: null,
  name: '',
  sku: '',
  unitPrice: 0,
  taxPercent: 0,
  unit: DEFAULT_STOCK_UNIT,
};

export const stockItemFormOf = (item: StockItem): StockItemForm => ({
  id: item.id,
  name: item.name,
  sku: item.sku ?? '',
  unitPrice: centsToRand(item.unit_price_cents),
  taxPercent: item.tax_percent,
  unit: item.unit,
});

export const stockItemPayloadOf = (form: StockItemForm): StockItemPayload => ({
  name: form.name.trim(),
  sku: form.sku.trim() || null,
  unit_price_cents: fieldCents(form.unitPrice),
  tax_percent: fieldPercent(form.taxPercent),
  unit: form.unit.trim() || DEFAULT_STOCK_UNIT,
});

// Ad hoc charge types ----------------------------------------------------------------------------

export interface ExtraChargeTypeForm {
  id: string | null;
  name: string;
  defaultAmount: AmountField;
  taxPercent: AmountField;
}

export const EMPTY_EXTRA_CHARGE_TYPE: ExtraChargeTypeForm = {
  id: null,
  name: '',
  defaultAmount: 0,
  taxPercent: 0,
};

export const extraChargeTypeFormOf = (type: ExtraChargeType): ExtraChargeTypeForm => ({
  id: type.id,
  name: type.name,
  defaultAmount: centsToRand(type.default_amount_cents),
  taxPercent: type.tax_percent,
});

export const extraChargeTypePayloadOf = (form: ExtraChargeTypeForm): ExtraChargeTypePayload => ({
  name: form.name.trim(),
  default_amount_cents: fieldCents(form.defaultAmount),
  tax_percent: fieldPercent(form.taxPercent),
});
