import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { monthlyCostCents } from '../../../domain/subscriptions.ts';
import type { Database } from '../../db/types.ts';
import type { HttpCall, PayfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { type CheckoutField, itnSignature, signCheckout } from '../../platform/payments/payfast-signature.ts';
import { continuingAddOnIds } from '../subscriptions/subscription.repository.ts';
import { simulatorMerchant } from './simulator-merchants.ts';

/**
 * A local stand-in for PayFast (PAYFAST_MODE=simulator): it checks a checkout form's signature as
 * PayFast does, and sends correctly signed ITNs to the notify URL, so the app's real checkout and
 * notification code runs offline. Only the source-address and server-confirmation checks are skipped.
 */

export type SimulatorDecision = 'COMPLETE' | 'FAILED' | 'CANCELLED';

/** The merchant whose key and passphrase sign a checkout and its ITNs (the platform's, or an owner's). */
export type SignatureMerchant = Pick<PayfastSettings, 'merchantId' | 'merchantKey' | 'passphrase'>;

/**
 * The checkout form as posted, with its signature and key checked against the merchant it names
 * (null: a merchant the simulator does not know, as PayFast would refuse it).
 */
export function readCheckout(
  posted: Array<[string, string]>,
  merchant: SignatureMerchant | null,
): { fields: Record<string, string>; valid: boolean } {
  const fields = Object.fromEntries(posted);
  const { signature, ...signed } = fields;
  let valid = false;
  try {
    valid =
      merchant !== null &&
      signCheckout(signed as Partial<Record<CheckoutField, string>>, merchant.passphrase).signature ===
        signature &&
      signed.merchant_id === merchant.merchantId &&
      signed.merchant_key === merchant.merchantKey;
  } catch {
    valid = false;
  }
  return { fields, valid };
}

/**
 * The merchant a checkout form names: the platform's own (the app's settings, for subscriptions), or
 * one the simulator knows (PayFast's sandbox merchant, or an owner's registered merchant).
 */
export async function checkoutMerchant(
  db: Kysely<Database>,
  settings: PayfastSettings,
  merchantId: string | undefined,
): Promise<SignatureMerchant | null> {
  if (!merchantId) return null;
  if (merchantId === settings.merchantId) return settings;
  return simulatorMerchant(db, merchantId);
}

const centsOf = (rand: string) => Math.round(Number(rand) * 100);
const rand = (cents: number) => (cents / 100).toFixed(2);

/** The ITN PayFast would send for this order, fields in PayFast's order, signed. */
export function buildItn(
  order: Record<string, string>,
  outcome: {
    status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
    pfPaymentId: string;
    amountCents: number;
    token: string | null;
  },
  settings: Pick<PayfastSettings, 'merchantId' | 'passphrase'>,
): string {
  // PayFast's card fee: 3.2 % + R 2.00 (its published standard rate), shown as a negative amount.
  const fee = Math.round(outcome.amountCents * 0.032) + 200;
  const pairs: Array<[string, string]> = [
    ['m_payment_id', order.m_payment_id ?? ''],
    ['pf_payment_id', outcome.pfPaymentId],
    ['payment_status', outcome.status],
    ['item_name', order.item_name ?? ''],
    ['item_description', order.item_description ?? ''],
    ['amount_gross', rand(outcome.amountCents)],
    ['amount_fee', `-${rand(fee)}`],
    ['amount_net', rand(outcome.amountCents - fee)],
    ...[1, 2, 3, 4, 5].map((n): [string, string] => [`custom_str${n}`, order[`custom_str${n}`] ?? '']),
    ...[1, 2, 3, 4, 5].map((n): [string, string] => [`custom_int${n}`, order[`custom_int${n}`] ?? '']),
    ['name_first', order.name_first ?? ''],
    ['name_last', order.name_last ?? ''],
    ['email_address', order.email_address ?? ''],
    ['merchant_id', settings.merchantId],
  ];
  if (outcome.token) {
    pairs.push(['token', outcome.token]);
    if (order.billing_date) pairs.push(['billing_date', order.billing_date]);
  }
  const signature = itnSignature(pairs, settings.passphrase);
  return new URLSearchParams([...pairs, ['signature', signature]]).toString();
}

/** The checkout fields that are addresses PayFast calls or sends the buyer to. */
export const CALLBACK_FIELDS = ['notify_url', 'return_url', 'cancel_url'] as const;

/**
 * Whether a URL is on the app's own address. Checked as the loopback http routes calls (a prefix of
 * PUBLIC_URL, so such a call is served in-process) and as a browser reads it (the same origin), so
 * the simulator never requests, or sends a buyer to, any other host.
 */
export function isOwnUrl(url: string, publicUrl: string): boolean {
  if (!url.startsWith(`${publicUrl}/`)) return false;
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** The first callback field given with an address outside the app, or null when all are its own. */
export function foreignCallback(order: Record<string, string>, publicUrl: string): string | null {
  return (
    CALLBACK_FIELDS.find((field) => order[field] !== undefined && !isOwnUrl(order[field], publicUrl)) ?? null
  );
}

async function postItn(http: HttpCall, notifyUrl: string, body: string, publicUrl: string): Promise<void> {
  if (!isOwnUrl(notifyUrl, publicUrl)) throw new Error(`notify URL ${notifyUrl} is not on ${publicUrl}`);
  const response = await http(notifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (response.status !== 200) throw new Error(`notify URL answered ${response.status}`);
}

/**
 * The buyer's choice on the simulated payment page: an ITN for Complete or Fail (as PayFast sends),
 * none for Cancel; returns where PayFast would send the browser. The order's callback addresses must
 * be the app's own (foreignCallback), checked by the caller.
 */
export async function decide(
  db: Kysely<Database>,
  order: Record<string, string>,
  decision: SimulatorDecision,
  settings: PayfastSettings,
  http: HttpCall,
  log: Pick<FastifyBaseLogger, 'warn'>,
  merchant: SignatureMerchant = settings,
): Promise<string> {
  if (decision === 'CANCELLED') return order.cancel_url ?? '/';
  const isSubscription = Boolean(order.subscription_type);
  const token = isSubscription && decision === 'COMPLETE' ? randomUUID() : null;
  // PayFast keeps the subscription's recurring amount; so does the simulator, for its scheduled charges.
  if (token)
    await db
      .insertInto('payfast_simulator_subscriptions')
      .values({ token, amount_cents: centsOf(order.recurring_amount ?? order.amount ?? '0') })
      .execute();
  const body = buildItn(
    order,
    {
      status: decision,
      pfPaymentId: String(randomInt(1_000_000, 99_999_999)),
      amountCents: centsOf(order.amount ?? '0'),
      token,
    },
    // Signed as PayFast signs it: with the passphrase of the merchant the payment went to.
    merchant,
  );
  // As PayFast does, the buyer is sent back whatever the notify URL answered (PayFast would retry it).
  await postItn(http, order.notify_url ?? settings.notifyUrl, body, settings.publicUrl).catch(
    (error: unknown) => {
      log.warn(
        { err: error, m_payment_id: order.m_payment_id },
        'PayFast simulator: the ITN was not accepted',
      );
    },
  );
  return order.return_url ?? '/';
}

/**
 * PayFast's scheduled billing, simulated: a recurring charge of every simulated subscription whose
 * billing date has come (its period ends at Johannesburg midnight of that date, domain/billing-periods.ts;
 * the sweep waits for the charge, docs/decisions/030). The charge's id is derived from the subscription
 * and period, so two servers running this at once send the same notification and it is applied once.
 */
export async function billDueSubscriptions(
  db: Kysely<Database>,
  settings: PayfastSettings,
  http: HttpCall,
  now: Date = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('payment_processor', '=', 'payfast')
    .where('gateway_token', 'is not', null)
    .where('cancel_at_period_end', '=', false)
    .where('status', 'in', ['active', 'past_due'])
    .where('current_period_end', '<=', now)
    .execute();
  let sent = 0;
  for (const subscription of due) {
    const parent = await db
      .selectFrom('payments')
      .select(['reference', 'description'])
      .where('subscription_id', '=', subscription.id)
      .where('status', '=', 'complete')
      .where('kind', 'in', ['subscription', 'update_method'])
      .orderBy('completed_at', 'desc')
      .executeTakeFirst();
    const owner = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', subscription.owner_id)
      .executeTakeFirstOrThrow();
    if (!parent || !subscription.gateway_token) continue;
    const simulated = await db
      .selectFrom('payfast_simulator_subscriptions')
      .select(['amount_cents', 'status'])
      .where('token', '=', subscription.gateway_token)
      .executeTakeFirst();
    if (simulated?.status === 'cancelled') continue;
    const period = new Date(subscription.current_period_end).toISOString();
    const pfPaymentId = String(
      Number.parseInt(
        createHash('sha256').update(`${subscription.id}:${period}`).digest('hex').slice(0, 12),
        16,
      ),
    );
    const body = buildItn(
      {
        m_payment_id: parent.reference,
        item_name: parent.description,
        name_first: owner.first_name,
        name_last: owner.last_name,
        email_address: owner.email,
      },
      {
        status: 'COMPLETE',
        pfPaymentId,
        // The amount PayFast holds (set at checkout, changed through the API); a token the simulator
        // never issued (seeded data) is charged the subscription's monthly cost.
        amountCents:
          simulated?.amount_cents ??
          monthlyCostCents(subscription.plan_id, await continuingAddOnIds(db, subscription.id)),
        token: subscription.gateway_token,
      },
      settings,
    );
    await postItn(http, settings.notifyUrl, body, settings.publicUrl);
    sent++;
  }
  return sent;
}

/** PayFast's subscription API as the simulator keeps it: an amount update (in cents) or a cancellation. */
export async function applySimulatedApiCall(
  db: Kysely<Database>,
  token: string,
  action: string,
  body: Record<string, unknown>,
): Promise<void> {
  if (action === 'update' && body.amount !== undefined) {
    const amount = Number(body.amount);
    await db
      .insertInto('payfast_simulator_subscriptions')
      .values({ token, amount_cents: amount })
      .onConflict((oc) => oc.column('token').doUpdateSet({ amount_cents: amount, updated_at: new Date() }))
      .execute();
  } else if (action === 'cancel')
    await db
      .updateTable('payfast_simulator_subscriptions')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('token', '=', token)
      .execute();
}
