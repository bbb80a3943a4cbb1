import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { type ContinueEnvironment, continuePayment } from './continue-payment.ts';

const CHECKOUT: PaymentStart = {
  reference: 'SUB_1767225600000_ab12cd',
  gateway: 'payfast',
  redirectUrl: 'https://sandbox.payfast.co.za/eng/process',
  postUrl: 'https://sandbox.payfast.co.za/eng/process',
  formFields: [
    ['merchant_id', '10000100'],
    ['merchant_key', '46f0cd694581a'],
    ['return_url', 'http://localhost:3000/payment/return?ref=SUB_1767225600000_ab12cd'],
    ['amount', '299.00'],
    ['item_name', 'Rentza Pro plan'],
    ['signature', 'f103e22c0418655fb03991538c51bfd5'],
  ],
};

function environment() {
  const stored = new Map<string, string>();
  const tasks: Array<{ task: () => void; ms: number }> = [];
  const env: ContinueEnvironment = {
    document,
    assign: vi.fn(),
    storage: { setItem: (key, value) => stored.set(key, value) },
    later: (task, ms) => tasks.push({ task, ms }),
  };
  return { env, stored, tasks };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('continuing a payment at the gateway', () => {
  it('posts a hidden form with the fields in the given order, then removes it a second later', () => {
    let submitted: HTMLFormElement | null = null;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted = this;
    });
    const { env, stored, tasks } = environment();

    expect(continuePayment(CHECKOUT, 'payment', env)).toEqual({ outcome: 'left' });

    const form = submitted as HTMLFormElement | null;
    expect(form).not.toBeNull();
    if (!form) return;
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe(CHECKOUT.postUrl);
    expect(form.hidden).toBe(true);
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.map((input) => [input.name, input.value])).toEqual(CHECKOUT.formFields);
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    expect(stored.get('rentza.currentPaymentId')).toBe(CHECKOUT.reference);
    expect(env.assign).not.toHaveBeenCalled();

    expect(tasks.map((task) => task.ms)).toEqual([1000]);
    tasks[0]?.task();
    expect(form.isConnected).toBe(false);
  });

  it('refuses an empty form with the spec’s text and does not leave', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { env, stored } = environment();
    expect(continuePayment({ ...CHECKOUT, formFields: [] }, 'payment', env)).toEqual({
      outcome: 'refused',
      message: 'Payment form data is missing. Please try again.',
    });
    expect(submit).not.toHaveBeenCalled();
    expect(env.assign).not.toHaveBeenCalled();
    expect(stored.size).toBe(0);
    expect(document.querySelector('form')).toBeNull();
  });

  it('navigates to the redirect address when there is no form (Stripe, PayFast’s card update page)', () => {
    const { env, stored } = environment();
    const update: PaymentStart = {
      reference: 'UPDATE_1767225600000_ef34gh',
      gateway: 'payfast',
      redirectUrl: 'https://www.payfast.co.za/eng/recurring/update/abc?return=x',
      postUrl: null,
      formFields: null,
    };
    expect(continuePayment(update, 'methodUpdate', env)).toEqual({ outcome: 'left' });
    expect(env.assign).toHaveBeenCalledWith(update.redirectUrl);
    expect(stored.get('rentza.paymentMethodUpdateId')).toBe(update.reference);
    expect(stored.has('rentza.currentPaymentId')).toBe(false);
  });

  it('has nothing to continue to without an address', () => {
    const { env } = environment();
    expect(
      continuePayment({ ...CHECKOUT, redirectUrl: '', postUrl: null, formFields: null }, 'payment', env),
    ).toEqual({ outcome: 'none' });
    expect(env.assign).not.toHaveBeenCalled();
  });
});
