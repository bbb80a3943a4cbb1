import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { PaymentEvent } from '../../platform/payments/gateway.ts';
import { STORED_BODY_BYTES, storedBody, storedField } from '../../platform/payments/notification-limits.ts';
import { readSignedForm, verifyPayfastItn } from '../../platform/payments/payfast-itn.ts';
import { gatewayFor } from '../../platform/payments/payments.ts';
import {
  expectedAmountCents,
  type Settlement,
  settlePaymentEvent,
} from '../subscriptions/payment-settlement.ts';

/**
 * One PayFast ITN, after the 200 has gone back: the five checks of PAYFAST.md, then settlement once per
 * pf_payment_id. Every notification is kept with what became of it.
 */
export async function processPayfastItn(
  deps: Pick<AppDeps, 'db' | 'config' | 'payments'>,
  rawBody: string,
  sourceIp: string,
  log: FastifyBaseLogger,
): Promise<Settlement> {
  const settings = deps.payments.payfastSettings;
  // Read once: the fields checked, settled and recorded are the same ones.
  const body = readSignedForm(rawBody);
  const fields = body.ok ? body.fields : {};
  const verdict = await verifyPayfastItn({
    body,
    sourceIp,
    passphrase: settings.passphrase,
    allowedRanges: settings.allowedSources,
    expectedAmountCents: (reference) => expectedAmountCents(deps.db, reference),
    confirm: payfastConfirmation(deps),
  });
  if (!verdict.ok) {
    await recordPayfastNotification(deps, rawBody, sourceIp, fields, {
      outcome: 'rejected',
      reason: verdict.reason,
      paymentId: null,
    });
    log.warn(
      { reason: verdict.reason, m_payment_id: storedField(fields.m_payment_id) },
      'PayFast ITN rejected',
    );
    return { outcome: 'rejected', reason: verdict.reason, paymentId: null, retired: null };
  }
  const event: PaymentEvent = {
    gateway: 'payfast',
    reference: verdict.event.mPaymentId,
    gatewayPaymentId: verdict.event.pfPaymentId,
    status: verdict.event.status,
    amountCents: verdict.event.amountGrossCents,
    token: verdict.event.token,
    paymentMethod: null,
  };
  const settlement = await settlePaymentEvent(deps.db, deps.config, event);
  await recordPayfastNotification(deps, rawBody, sourceIp, fields, settlement);
  const { retired } = settlement;
  if (retired) {
    // The new recurring billing is in place; the replaced one must stop charging, at its own gateway.
    const stop = () => gatewayFor(deps.payments, retired.gateway).cancelRecurring(retired.token);
    await stop().catch((error: unknown) => {
      log.error(
        { err: error, paymentId: settlement.paymentId },
        'PayFast: cancelling the replaced recurring billing failed',
      );
    });
  }
  return settlement;
}

/** PayFast's server confirmation of an ITN (PAYFAST.md check 5); null in simulator mode, which skips it. */
export function payfastConfirmation(
  deps: Pick<AppDeps, 'payments'>,
): ((parameterString: string) => Promise<string>) | null {
  const validateUrl = deps.payments.payfastSettings.validateUrl;
  return validateUrl
    ? async (parameterString) =>
        (
          await deps.payments.http(validateUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: parameterString,
          })
        ).text
    : null;
}

/**
 * Keeps a PayFast notification with what became of it. `paymentId` names a subscription payment; a
 * booking's notification has none (its m_payment_id and pf_payment_id are in the body and columns).
 */
export async function recordPayfastNotification(
  deps: Pick<AppDeps, 'db'>,
  rawBody: string,
  sourceIp: string,
  fields: Record<string, string>,
  settlement: Pick<Settlement, 'outcome' | 'reason' | 'paymentId'>,
) {
  const kept = settlement.outcome === 'rejected' ? STORED_BODY_BYTES.rejected : STORED_BODY_BYTES.kept;
  await deps.db
    .insertInto('payment_notifications')
    .values({
      gateway: 'payfast',
      source_ip: sourceIp,
      ...storedBody(rawBody, kept),
      payment_id: settlement.paymentId,
      gateway_payment_id: storedField(fields.pf_payment_id),
      gateway_status: storedField(fields.payment_status),
      outcome: settlement.outcome,
      reason: settlement.reason,
    })
    .execute();
}
