import { FREQUENCY_CODES, PAYMENT_METHOD_UPDATE_CENTS } from '../../../domain/subscriptions.ts';
import type { Config } from '../../config.ts';
import { type CheckoutRequest, GatewayError, type PaymentGateway } from './gateway.ts';
import { PAYFAST_SOURCE_RANGES } from './payfast-itn.ts';
import { apiSignature, type CheckoutField, signCheckout } from './payfast-signature.ts';

/** An HTTP call the gateway makes (the runtime routes calls to our own address in-process). */
export type HttpCall = (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; text: string }>;

export interface PayfastSettings {
  mode: Config['PAYFAST_MODE'];
  merchantId: string;
  merchantKey: string;
  passphrase: string;
  /** Where the checkout form is posted. */
  processUrl: string;
  /** PayFast's server confirmation of an ITN; null in simulator mode. */
  validateUrl: string | null;
  apiBase: string;
  /** `?testing=true` on every API call in the sandbox. */
  apiTesting: boolean;
  cardUpdateBase: string;
  /** Addresses an ITN may come from; null (simulator mode) accepts the local simulator. */
  allowedSources: readonly string[] | null;
  notifyUrl: string;
  /** The app's own address (PUBLIC_URL): the only place the simulator sends ITNs and buyers. */
  publicUrl: string;
}

/** PayFast's public sandbox merchant (PAYFAST.md); the simulator signs with it too. */
export const SANDBOX_MERCHANT = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' };
export const SIMULATOR_PATH = '/payfast-simulator';

export function payfastSettings(config: Config): PayfastSettings {
  const notifyUrl = `${config.PUBLIC_URL}/api/payments/payfast/notify`;
  if (config.PAYFAST_MODE === 'simulator') {
    const base = `${config.PUBLIC_URL}${SIMULATOR_PATH}`;
    return {
      mode: 'simulator',
      merchantId: config.PAYFAST_MERCHANT_ID ?? SANDBOX_MERCHANT.id,
      merchantKey: config.PAYFAST_MERCHANT_KEY ?? SANDBOX_MERCHANT.key,
      passphrase: config.PAYFAST_PASSPHRASE ?? SANDBOX_MERCHANT.passphrase,
      processUrl: `${base}/eng/process`,
      validateUrl: null,
      apiBase: `${base}/api`,
      apiTesting: false,
      cardUpdateBase: `${base}/eng/recurring/update/`,
      allowedSources: null,
      notifyUrl,
      publicUrl: config.PUBLIC_URL,
    };
  }
  const host = config.PAYFAST_MODE === 'sandbox' ? 'sandbox.payfast.co.za' : 'www.payfast.co.za';
  return {
    mode: config.PAYFAST_MODE,
    merchantId: config.PAYFAST_MERCHANT_ID ?? '',
    merchantKey: config.PAYFAST_MERCHANT_KEY ?? '',
    passphrase: config.PAYFAST_PASSPHRASE ?? '',
    processUrl: `https://${host}/eng/process`,
    validateUrl: `https://${host}/eng/query/validate`,
    apiBase: 'https://api.payfast.co.za',
    apiTesting: config.PAYFAST_MODE === 'sandbox',
    cardUpdateBase: `https://${host}/eng/recurring/update/`,
    allowedSources: config.PAYFAST_ALLOWED_SOURCES
      ? config.PAYFAST_ALLOWED_SOURCES.split(',').map((range) => range.trim())
      : PAYFAST_SOURCE_RANGES,
    notifyUrl,
    publicUrl: config.PUBLIC_URL,
  };
}

const rand = (cents: number) => (cents / 100).toFixed(2);

/** The merchant and address a PayFast API call is made for (Rentza's own, or an owner's merchant). */
export type PayfastApiTarget = Pick<PayfastSettings, 'apiBase' | 'apiTesting' | 'merchantId' | 'passphrase'>;

/**
 * One call to PayFast's API (PAYFAST.md): the merchant-id, version and timestamp headers, signed with
 * the merchant's passphrase over the headers and the body; `?testing=true` in the sandbox.
 */
export async function payfastApiCall(
  target: PayfastApiTarget,
  http: HttpCall,
  method: string,
  path: string,
  body: Record<string, string | number> = {},
): Promise<{ status: number; text: string }> {
  const headers = {
    'merchant-id': target.merchantId,
    version: 'v1',
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  };
  const signature = apiSignature({ ...headers, ...body }, target.passphrase);
  const url = `${target.apiBase}/${path}${target.apiTesting ? '?testing=true' : ''}`;
  const hasBody = Object.keys(body).length > 0;
  return http(url, {
    method,
    headers: { ...headers, signature, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

/** PayFast: a signed form posted to its process page; recurring billing through its subscription API. */
export function createPayfastGateway(settings: PayfastSettings, http: HttpCall): PaymentGateway {
  const callApi = async (method: string, path: string, body: Record<string, string | number> = {}) => {
    const response = await payfastApiCall(settings, http, method, path, body);
    if (response.status < 200 || response.status >= 300)
      throw new GatewayError(
        `PayFast ${path} answered ${response.status}: ${response.text.slice(0, 200)}`,
        'payfast',
      );
  };

  return {
    id: 'payfast',
    async createCheckout(request: CheckoutRequest) {
      const fields: Partial<Record<CheckoutField, string | number>> = {
        merchant_id: settings.merchantId,
        merchant_key: settings.merchantKey,
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        notify_url: request.notifyUrl,
        name_first: request.customer.firstName,
        name_last: request.customer.lastName,
        email_address: request.customer.email,
        m_payment_id: request.reference,
        amount: rand(request.amountCents),
        item_name: request.itemName.slice(0, 100),
        item_description: request.itemDescription.slice(0, 255),
      };
      if (request.recurring) {
        if (request.recurring.recurringAmountCents < PAYMENT_METHOD_UPDATE_CENTS)
          throw new GatewayError('PayFast recurring amounts start at R 5.00', 'payfast');
        Object.assign(fields, {
          subscription_type: 1,
          billing_date: request.recurring.billingDate,
          recurring_amount: rand(request.recurring.recurringAmountCents),
          frequency: FREQUENCY_CODES.monthly,
          cycles: 0,
        });
      }
      const signed = signCheckout(fields, settings.passphrase);
      return {
        reference: request.reference,
        gateway: 'payfast' as const,
        redirectUrl: settings.processUrl,
        postUrl: settings.processUrl,
        formFields: [...signed.fields, ['signature', signed.signature]] as Array<[string, string]>,
      };
    },
    cancelRecurring: (token) => callApi('PUT', `subscriptions/${encodeURIComponent(token)}/cancel`),
    updateRecurringAmount: (token, amountCents) =>
      callApi('PATCH', `subscriptions/${encodeURIComponent(token)}/update`, { amount: amountCents }),
    cardUpdateUrl: (token, returnUrl) =>
      `${settings.cardUpdateBase}${encodeURIComponent(token)}?return=${encodeURIComponent(returnUrl)}`,
  };
}
