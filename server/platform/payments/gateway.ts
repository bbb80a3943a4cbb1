import type { GatewayId, PaymentStart } from '../../../domain/schemas/subscription.ts';

/**
 * The one shape every payment gateway has (PAYFAST.md): build a hosted checkout, verify a notification
 * into a normalised event, and manage the gateway's recurring billing. Plan and billing state live in
 * our database; the gateway only moves money.
 */

export interface CheckoutRequest {
  /** Our reference (PayFast m_payment_id): PAY_…, SUB_… or UPDATE_… */
  reference: string;
  amountCents: number;
  itemName: string;
  itemDescription: string;
  customer: { firstName: string; lastName: string; email: string };
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
  /** Set up recurring billing from `billingDate` (YYYY-MM-DD) for `recurringAmountCents` a month. */
  recurring?: { billingDate: string; recurringAmountCents: number };
}

/** A verified notification: a payment's outcome at the gateway. */
export interface PaymentEvent {
  gateway: GatewayId;
  /** Our reference as the gateway echoes it back. */
  reference: string;
  /** The gateway's own id of this payment (PayFast pf_payment_id); unique per money movement. */
  gatewayPaymentId: string;
  status: 'COMPLETE' | 'FAILED' | 'PENDING' | 'CANCELLED';
  amountCents: number;
  /** The recurring-billing token the gateway issued (PayFast's 36-character token). */
  token: string | null;
  /** How the buyer paid, when the gateway says. */
  paymentMethod: 'card' | 'bank_account' | 'eft' | null;
}

export interface PaymentGateway {
  id: GatewayId;
  createCheckout(request: CheckoutRequest): Promise<PaymentStart>;
  /** Ends the recurring billing behind a token. */
  cancelRecurring(token: string): Promise<void>;
  /** Changes the amount of future recurring charges (plan or add-on change). */
  updateRecurringAmount(token: string, amountCents: number): Promise<void>;
  /** Where the buyer replaces the card behind a token, returning to `returnUrl`. */
  cardUpdateUrl(token: string, returnUrl: string): string;
}

/** Recurring billing a newer one replaced: to be stopped at the gateway that issued it. */
export interface RetiredBilling {
  token: string;
  gateway: GatewayId;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly gateway: GatewayId,
  ) {
    super(message);
  }
}
