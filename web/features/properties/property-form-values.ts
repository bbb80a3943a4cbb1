import { randToCents } from '../../../domain/money.ts';
import type { PaymentPlan } from '../../../domain/payment-plan.ts';
import {
  CATEGORIES_BY_TYPE,
  normalizeCity,
  type PropertyStatus,
  type PropertyType,
} from '../../../domain/property.ts';
import {
  defaultSpecifications,
  type PropertyInputDraft,
  PropertyInputSchema,
  type SpecificationsInput,
} from '../../../domain/schemas/property.ts';
import type { OwnedProperty, Property } from './api.ts';

/** What the property form edits: money in rand as typed, converted to cents for the API. */
export interface PropertyFormValues {
  type: PropertyType;
  category: string;
  title: string;
  description: string;
  city: string;
  location: string;
  price: number | string;
  cleaningFee: number | string;
  securityDeposit: number | string;
  amenities: string[];
  is_active: boolean;
  status: PropertyStatus;
  /** The availability window, `YYYY-MM-DD` or none. */
  availabilityStart: string | null;
  availabilityEnd: string | null;
  specifications: SpecificationsInput;
  /** A client's booking is confirmed at once (decision 059). */
  instantBook: boolean;
  /** The listing's own payment plan; null uses the business's. */
  paymentPlan: PaymentPlan | null;
}

export function emptyPropertyForm(): PropertyFormValues {
  return {
    type: 'accommodation',
    category: 'house',
    title: '',
    description: '',
    city: '',
    location: '',
    price: '',
    cleaningFee: 0,
    securityDeposit: 0,
    amenities: [],
    is_active: true,
    status: 'available',
    availabilityStart: null,
    availabilityEnd: null,
    specifications: defaultSpecifications('accommodation'),
    instantBook: false,
    paymentPlan: null,
  };
}

export function formFromProperty(
  property: Property & Partial<Pick<OwnedProperty, 'instantBook' | 'paymentPlan'>>,
): PropertyFormValues {
  return {
    type: property.type,
    category: property.category,
    title: property.title,
    description: property.description,
    city: property.city,
    location: property.location,
    price: property.price_per_day_cents / 100,
    cleaningFee: property.cleaning_fee_cents / 100,
    securityDeposit: property.security_deposit_cents / 100,
    amenities: property.amenities,
    is_active: property.is_active,
    status: property.status,
    availabilityStart: property.availability_start,
    availabilityEnd: property.availability_end,
    specifications: withHourlyDefaults(property.specifications as SpecificationsInput),
    instantBook: property.instantBook ?? false,
    paymentPlan: property.paymentPlan ?? null,
  };
}

/** An event space saved before it had bookable hours shows (and saves) the defaults the server applies. */
function withHourlyDefaults(specifications: SpecificationsInput): SpecificationsInput {
  if (specifications.type !== 'event_space') return specifications;
  const defaults = defaultSpecifications('event_space') as typeof specifications;
  return {
    ...specifications,
    bookableHours: specifications.bookableHours ?? defaults.bookableHours,
    minimumHours: specifications.minimumHours ?? defaults.minimumHours,
  };
}

/** Switching type resets the category and the type-specific section to that type's defaults. */
export function withType(values: PropertyFormValues, type: PropertyType): PropertyFormValues {
  return {
    ...values,
    type,
    category: CATEGORIES_BY_TYPE[type][0],
    specifications: defaultSpecifications(type),
  };
}

const money = (value: number | string) =>
  typeof value === 'number' ? randToCents(value) : value === '' ? Number.NaN : Number.NaN;

/** Equipment dimensions are optional as a whole: all three inputs left empty send none. */
function withoutEmptyDimensions(specifications: SpecificationsInput): SpecificationsInput {
  if (specifications.type !== 'equipment' || !specifications.dimensions) return specifications;
  const { length, width, height } = specifications.dimensions as Partial<Record<string, unknown>>;
  if (length !== undefined || width !== undefined || height !== undefined) return specifications;
  const { dimensions: _empty, ...rest } = specifications;
  return rest;
}

/** Everything the form shows, and only that: a save never resets what the form does not hold. */
export function toPropertyInput(values: PropertyFormValues): PropertyInputDraft {
  return {
    type: values.type,
    category: values.category,
    title: values.title,
    description: values.description,
    city: normalizeCity(values.city),
    location: values.location,
    price_per_day_cents: money(values.price),
    cleaning_fee_cents: values.cleaningFee === '' ? 0 : money(values.cleaningFee),
    security_deposit_cents: values.securityDeposit === '' ? 0 : money(values.securityDeposit),
    amenities: values.amenities as PropertyInputDraft['amenities'],
    is_active: values.is_active,
    status: values.status,
    availability_start: values.availabilityStart,
    availability_end: values.availabilityEnd,
    specifications: withoutEmptyDimensions(values.specifications),
    instantBook: values.instantBook,
    paymentPlan: values.paymentPlan,
  } as PropertyInputDraft;
}

const FIELD_OF: Record<string, string> = {
  price_per_day_cents: 'price',
  cleaning_fee_cents: 'cleaningFee',
  security_deposit_cents: 'securityDeposit',
  availability_start: 'availabilityStart',
  availability_end: 'availabilityEnd',
};

/** The form's validation is the server's schema: the same rules, mapped onto the form's field names. */
export function validatePropertyForm(values: PropertyFormValues): Record<string, string> {
  const result = PropertyInputSchema.safeParse(toPropertyInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [head, ...rest] = issue.path.map(String);
    if (!head) continue;
    const key = [FIELD_OF[head] ?? head, ...rest].join('.');
    if (!(key in errors))
      errors[key] =
        head === 'price_per_day_cents' && issue.code === 'invalid_type' ? 'Price is required' : issue.message;
  }
  return errors;
}
