import type { GatewayId } from '../../../domain/schemas/subscription.ts';
import type { Config } from '../../config.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import {
  createPayfastGateway,
  type HttpCall,
  type PayfastSettings,
  payfastSettings,
} from './payfast-gateway.ts';

/** The payment gateways the server was configured with. */
export interface Payments {
  payfast: PaymentGateway;
  payfastSettings: PayfastSettings;
  /** Null unless STRIPE_SECRET_KEY is set. */
  stripe: PaymentGateway | null;
  http: HttpCall;
  /** Sandbox or simulator: no real money moves. */
  testMode: boolean;
}

export function createPayments(
  config: Config,
  http: HttpCall,
  stripe: PaymentGateway | null = null,
): Payments {
  const settings = payfastSettings(config);
  return {
    payfast: createPayfastGateway(settings, http),
    payfastSettings: settings,
    stripe,
    http,
    testMode: settings.mode !== 'live',
  };
}

/**
 * §9: PayFast first for South Africa, Stripe first elsewhere; a gateway that is not configured is
 * skipped (PayFast always is: the simulator stands in when it has no merchant).
 */
export function gatewayIdFor(payments: Payments, region: string): GatewayId {
  const southAfrican = ['za', 'south africa'].includes(region.trim().toLowerCase());
  return !southAfrican && payments.stripe ? 'stripe' : 'payfast';
}

export function gatewayFor(payments: Payments, id: GatewayId): PaymentGateway {
  const gateway = id === 'stripe' ? payments.stripe : payments.payfast;
  if (!gateway) throw new GatewayError(`Payment gateway '${id}' not available`, id);
  return gateway;
}

/** Sends calls to our own address in-process (the simulator lives in this server); others over the network. */
export function loopbackHttp(
  publicUrl: string,
  inject: (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }) => Promise<{
    statusCode: number;
    body: string;
  }>,
): HttpCall {
  return async (url, init) => {
    if (url.startsWith(`${publicUrl}/`)) {
      const response = await inject({
        method: init.method,
        url: url.slice(publicUrl.length),
        headers: init.headers,
        payload: init.body,
      });
      return { status: response.statusCode, text: response.body };
    }
    const response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, text: await response.text() };
  };
}
