import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { PAYMENT_STORAGE_KEYS, SUBSCRIPTION_MESSAGES } from '../../../domain/subscription-screen.ts';

export type PaymentPurpose = keyof typeof PAYMENT_STORAGE_KEYS;

export type ContinueOutcome =
  /** The browser is on its way to the gateway (a form post or a navigation). */
  | { outcome: 'left' }
  /** Nothing to continue to: the payment needs no gateway step. */
  | { outcome: 'none' }
  | { outcome: 'refused'; message: string };

export interface ContinueEnvironment {
  document: Document;
  assign: (url: string) => void;
  storage: Pick<Storage, 'setItem'> | null;
  /** Runs `task` after `ms` (the form is removed a second after it was submitted). */
  later: (task: () => void, ms: number) => void;
}

const browser = (): ContinueEnvironment => ({
  document,
  assign: (url) => window.location.assign(url),
  storage: (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })(),
  later: (task, ms) => window.setTimeout(task, ms),
});

/**
 * Continues a payment at its gateway (spec §4 "Payment"): PayFast's checkout is a hidden form posted to
 * `postUrl` with the fields in the given order (PayFast signs them in that order), removed a second
 * after it was submitted; Stripe and PayFast's card-update page are a navigation to `redirectUrl`.
 * The reference is kept in localStorage first, so the return page finds it without its query.
 */
export function continuePayment(
  payment: PaymentStart,
  purpose: PaymentPurpose,
  environment: ContinueEnvironment = browser(),
): ContinueOutcome {
  const { document: doc, assign, storage, later } = environment;
  if (payment.postUrl && payment.formFields !== null) {
    if (payment.formFields.length === 0)
      return { outcome: 'refused', message: SUBSCRIPTION_MESSAGES.paymentFormDataMissing };
    remember(storage, purpose, payment.reference);
    const form = doc.createElement('form');
    form.method = 'post';
    form.action = payment.postUrl;
    form.hidden = true;
    for (const [name, value] of payment.formFields) {
      const input = doc.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    doc.body.append(form);
    form.submit();
    later(() => form.remove(), 1000);
    return { outcome: 'left' };
  }
  if (payment.formFields?.length === 0)
    return { outcome: 'refused', message: SUBSCRIPTION_MESSAGES.paymentFormDataMissing };
  if (!payment.redirectUrl) return { outcome: 'none' };
  remember(storage, purpose, payment.reference);
  assign(payment.redirectUrl);
  return { outcome: 'left' };
}

function remember(storage: ContinueEnvironment['storage'], purpose: PaymentPurpose, reference: string) {
  try {
    storage?.setItem(PAYMENT_STORAGE_KEYS[purpose], reference);
  } catch {
    // Private mode: the return page still has the reference in its address.
  }
}

/** The reference a return page falls back to when its address has none. */
export function rememberedPayment(purpose: PaymentPurpose): string | null {
  try {
    return window.localStorage.getItem(PAYMENT_STORAGE_KEYS[purpose]);
  } catch {
    return null;
  }
}

export function forgetPayment(purpose: PaymentPurpose): void {
  try {
    window.localStorage.removeItem(PAYMENT_STORAGE_KEYS[purpose]);
  } catch {
    // See remember.
  }
}
