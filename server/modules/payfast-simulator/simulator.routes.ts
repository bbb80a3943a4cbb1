import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FREQUENCY_CODES } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { SIMULATOR_PATH } from '../../platform/payments/payfast-gateway.ts';
import { readSignedForm } from '../../platform/payments/payfast-itn.ts';
import {
  applySimulatedApiCall,
  checkoutMerchant,
  decide,
  foreignCallback,
  isOwnUrl,
  readCheckout,
  type SignatureMerchant,
} from './payfast-simulator.ts';
import { expectedApiSignature } from './simulator-merchants.ts';

const PAYMENT_PAGE_NOTICE =
  "This page stands in for PayFast's payment page while Rentza runs with <code>PAYFAST_MODE=simulator</code>.";

/** A simulator page (also the merchants page, simulator-merchants.routes.ts); `notice` is trusted HTML. */
export function page(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  notice = PAYMENT_PAGE_NOTICE,
) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · PayFast simulator</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f5f8; color: #1b1f24; margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.08); }
  .notice { background: #fff4e5; border: 1px solid #f0b35b; border-radius: 8px; padding: .75rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; } dt { color: #555; } dd { margin: 0; font-weight: 600; min-width: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
  button, .button { font: inherit; text-decoration: none; display: inline-block; padding: .7rem 1.1rem; border-radius: 8px; border: 1px solid #888; background: #fff; cursor: pointer; }
  .complete { background: #1c7c3c; border-color: #1c7c3c; color: #fff; }
  .fail { background: #b3261e; border-color: #b3261e; color: #fff; }
  button:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
<p class="notice">PayFast simulator: no money moves. ${notice}</p>
${body}</main></body></html>`);
}

const alert = (message: string) => `<p role="alert">${escapeHtml(message)}</p>`;
const rand = (amount: string | undefined) => `R ${Number(amount ?? 0).toFixed(2)}`;
const FREQUENCY: Record<string, string> = {
  [FREQUENCY_CODES.monthly]: 'monthly',
  [FREQUENCY_CODES.yearly]: 'annually',
};

/** The simulator's pages and its stand-in for PayFast's subscription API (simulator mode only). */
export function registerPayfastSimulatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const settings = deps.payments.payfastSettings;
  if (settings.mode !== 'simulator') return;
  const ownOrigin = new URL(settings.publicUrl).origin;

  /**
   * A posted checkout form: read strictly, its callbacks on this site, and whether it is signed by
   * the merchant it names (the platform's for subscriptions, an owner's for a booking).
   */
  const readOrder = async (
    raw: string,
  ): Promise<
    | { ok: true; fields: Record<string, string>; valid: boolean; merchant: SignatureMerchant | null }
    | { ok: false; message: string }
  > => {
    const form = readSignedForm(raw);
    if (!form.ok) return { ok: false, message: `The payment request could not be read (${form.reason}).` };
    const foreign = foreignCallback(form.fields, settings.publicUrl);
    if (foreign)
      return {
        ok: false,
        message: `The ${foreign} must be an address on this site (${ownOrigin}): the simulator only calls back, and returns buyers to, Rentza itself.`,
      };
    const merchant = await checkoutMerchant(deps.db, settings, form.fields.merchant_id);
    return { ok: true, merchant, ...readCheckout(form.posted, merchant) };
  };

  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    scoped.post(`${SIMULATOR_PATH}/eng/process`, { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const checkout = await readOrder(raw);
      if (!checkout.ok) return page(reply, 400, 'Payment could not start', alert(checkout.message));
      const { fields, valid } = checkout;
      if (!valid)
        return page(
          reply,
          400,
          'Payment could not start',
          '<p role="alert">The payment request was not signed correctly (signature mismatch), so PayFast would refuse it.</p>',
        );
      const recurring = fields.subscription_type
        ? `<dt>Then</dt><dd>${escapeHtml(rand(fields.recurring_amount))} ${escapeHtml(FREQUENCY[fields.frequency ?? ''] ?? '')} from ${escapeHtml(fields.billing_date ?? '')}, until cancelled</dd>`
        : '';
      // A booking's payment (BKP_…) goes to the owner's merchant: the page names the payee, not Rentza,
      // even when the owner tests with the same public sandbox merchant as Rentza's subscriptions.
      const title = fields.m_payment_id?.startsWith('BKP_')
        ? `Pay ${fields.item_name || 'the merchant'}`
        : 'Pay Rentza';
      return page(
        reply,
        200,
        title,
        `<dl>
  <dt>Item</dt><dd>${escapeHtml(fields.item_name ?? '')}</dd>
  <dt>Details</dt><dd>${escapeHtml(fields.item_description ?? '')}</dd>
  <dt>Pay now</dt><dd>${escapeHtml(rand(fields.amount))}</dd>${recurring}
  <dt>Buyer</dt><dd>${escapeHtml(`${fields.name_first ?? ''} ${fields.name_last ?? ''} (${fields.email_address ?? ''})`)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(fields.m_payment_id ?? '')}</dd>
</dl>
<form method="post" action="${SIMULATOR_PATH}/eng/process/decision">
  <input type="hidden" name="order" value="${escapeHtml(raw)}">
  <div class="actions">
    <button class="complete" name="decision" value="COMPLETE">Complete payment</button>
    <button class="fail" name="decision" value="FAILED">Fail payment</button>
    <button name="decision" value="CANCELLED">Cancel payment</button>
  </div>
</form>`,
      );
    });

    const Decision = z.object({
      order: z.string().min(1),
      decision: z.enum(['COMPLETE', 'FAILED', 'CANCELLED']),
    });
    scoped.post(
      `${SIMULATOR_PATH}/eng/process/decision`,
      { schema: { hide: true } },
      async (request, reply) => {
        const form = readSignedForm(typeof request.body === 'string' ? request.body : '');
        const parsed = Decision.safeParse(form.ok ? form.fields : {});
        if (!parsed.success)
          return page(reply, 400, 'Payment could not continue', '<p role="alert">Choose an outcome.</p>');
        const checkout = await readOrder(parsed.data.order);
        if (!checkout.ok) return page(reply, 400, 'Payment could not continue', alert(checkout.message));
        if (!checkout.valid)
          return page(reply, 400, 'Payment could not continue', '<p role="alert">Signature mismatch.</p>');
        const next = await decide(
          deps.db,
          checkout.fields,
          parsed.data.decision,
          settings,
          deps.payments.http,
          request.log,
          checkout.merchant ?? settings,
        );
        return reply.redirect(next, 303);
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${SIMULATOR_PATH}/eng/recurring/update/:token`,
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().min(1) }),
        querystring: z.object({
          return: z.url().refine((url) => isOwnUrl(url, settings.publicUrl), {
            message: `The return address must be on this site (${new URL(settings.publicUrl).origin})`,
          }),
        }),
      },
    },
    async (request, reply) =>
      page(
        reply,
        200,
        'Update your card',
        `<p>PayFast would ask for the new card details for recurring billing <code>${escapeHtml(request.params.token)}</code> here, and charge future payments to it.</p>
<div class="actions"><a class="button complete" href="${escapeHtml(request.query.return)}">Save card and return to Rentza</a></div>`,
      ),
  );

  // The subscription API (PAYFAST.md): signed headers; the simulator accepts what PayFast would accept.
  for (const [method, action] of [
    ['PUT', 'cancel'],
    ['PUT', 'pause'],
    ['PUT', 'unpause'],
    ['PATCH', 'update'],
    ['GET', 'fetch'],
  ] as const) {
    app.route({
      method,
      url: `${SIMULATOR_PATH}/api/subscriptions/:token/${action}`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const headers = request.headers;
        const body = (request.body ?? {}) as Record<string, string | number>;
        const expected = expectedApiSignature(headers, body, settings.passphrase);
        if (headers['merchant-id'] !== settings.merchantId || headers.signature !== expected)
          return reply
            .status(401)
            .send({ code: 401, status: 'failed', data: { response: 'Signature mismatch' } });
        const amount = body.amount;
        if (action === 'update' && amount !== undefined && !(Number.isInteger(amount) && Number(amount) > 0))
          return reply.status(400).send({
            code: 400,
            status: 'failed',
            data: { response: 'amount must be a whole number of cents' },
          });
        const { token } = request.params as { token: string };
        // Not awaited: the app calls this API while holding its one PGlite connection in a transaction;
        // the simulator's write waits for it (as PayFast records a change whatever the caller does next).
        applySimulatedApiCall(deps.db, token, action, body).catch((error: unknown) => {
          request.log.error({ err: error }, 'PayFast simulator: recording the subscription change failed');
        });
        return { code: 200, status: 'success', data: { response: true } };
      },
    });
  }
}
