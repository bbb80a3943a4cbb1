import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/types.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { SANDBOX_MERCHANT, SIMULATOR_PATH } from '../../platform/payments/payfast-gateway.ts';
import { page } from './simulator.routes.ts';
import { expectedApiSignature, type SimulatorMerchant, simulatorMerchant } from './simulator-merchants.ts';

export const SIMULATOR_MERCHANTS_PATH = `${SIMULATOR_PATH}/merchants`;
/** PayFast's answer to a signed ping (its API's "is this merchant set up" call). */
export const PING_ANSWER = '"API v1 - Pong"';

const NOTICE =
  'Register simulated PayFast merchants here, as an owner would open a PayFast account, and enter their details in Rentza’s Business details → Online payments.';

const MerchantNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name for the merchant (e.g. the business’s name).')
    .max(100, 'Use at most 100 characters for the name.'),
});

/** A new merchant's details, in PayFast's shapes: an 8-digit id, a 13-character key, a passphrase. */
async function registerMerchant(db: Kysely<Database>, name: string): Promise<SimulatorMerchant> {
  for (;;) {
    const merchantId = String(randomInt(10_000_000, 100_000_000));
    if (await simulatorMerchant(db, merchantId)) continue;
    const merchant = {
      merchantId,
      merchantKey: randomBytes(7).toString('hex').slice(0, 13),
      passphrase: randomBytes(12).toString('base64url'),
    };
    await db
      .insertInto('payfast_simulator_merchants')
      .values({
        merchant_id: merchant.merchantId,
        merchant_key: merchant.merchantKey,
        passphrase: merchant.passphrase,
        name,
      })
      .execute();
    return merchant;
  }
}

const details = (merchant: SimulatorMerchant & { name: string }) => `<dl>
  <dt>Name</dt><dd>${escapeHtml(merchant.name)}</dd>
  <dt>Merchant ID</dt><dd><code>${escapeHtml(merchant.merchantId)}</code></dd>
  <dt>Merchant key</dt><dd><code>${escapeHtml(merchant.merchantKey)}</code></dd>
  <dt>Passphrase</dt><dd><code>${escapeHtml(merchant.passphrase)}</code></dd>
</dl>`;

async function merchantsBody(
  db: Kysely<Database>,
  options: { created?: SimulatorMerchant & { name: string }; error?: string; name?: string },
) {
  const registered = await db
    .selectFrom('payfast_simulator_merchants')
    .selectAll()
    .orderBy('created_at', 'desc')
    .execute();
  const known = [
    {
      name: 'PayFast public sandbox merchant (always known)',
      merchantId: SANDBOX_MERCHANT.id,
      merchantKey: SANDBOX_MERCHANT.key,
      passphrase: SANDBOX_MERCHANT.passphrase,
    },
    ...registered.map((row) => ({
      name: row.name,
      merchantId: row.merchant_id,
      merchantKey: row.merchant_key,
      passphrase: row.passphrase,
    })),
  ];
  const created = options.created
    ? `<section aria-labelledby="created-heading"><h2 id="created-heading">Merchant registered</h2>
<p role="status">Enter these details in Rentza (Business details → Online payments).</p>
${details(options.created)}</section>`
    : '';
  const error = options.error ? `<p role="alert" id="name-error">${escapeHtml(options.error)}</p>` : '';
  return `${created}
<section aria-labelledby="register-heading"><h2 id="register-heading">Register a merchant</h2>
<form method="post" action="${SIMULATOR_MERCHANTS_PATH}">
  <p><label for="name">Merchant name</label><br>
  <input id="name" name="name" required maxlength="100" autocomplete="organization" value="${escapeHtml(options.name ?? '')}"${options.error ? ' aria-invalid="true" aria-describedby="name-error"' : ''}></p>
  ${error}
  <div class="actions"><button class="complete" type="submit">Register merchant</button></div>
</form></section>
<section aria-labelledby="known-heading"><h2 id="known-heading">Merchants the simulator knows</h2>
<ul>${known.map((merchant) => `<li>${details(merchant)}</li>`).join('\n')}</ul></section>`;
}

/**
 * The simulator as PayFast's merchant registry (simulator mode only; docs/decisions/058): its API ping,
 * which checks a merchant's signature as PayFast does, and a page where a tester registers merchants.
 */
export function registerSimulatorMerchantRoutes(app: FastifyInstance, deps: AppDeps): void {
  if (deps.payments.payfastSettings.mode !== 'simulator') return;

  app.get(`${SIMULATOR_PATH}/api/ping`, { schema: { hide: true } }, async (request, reply) => {
    const merchantId = request.headers['merchant-id'];
    const merchant = typeof merchantId === 'string' ? await simulatorMerchant(deps.db, merchantId) : null;
    const failed = (response: string) =>
      reply.status(401).type('application/json').send({ code: 401, status: 'failed', data: { response } });
    if (!merchant) return failed('Merchant authorization failed: unknown merchant-id');
    if (request.headers.signature !== expectedApiSignature(request.headers, {}, merchant.passphrase))
      return failed('Merchant authorization failed: signature mismatch');
    return reply.status(200).type('application/json').send(PING_ANSWER);
  });

  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );

    scoped.get(SIMULATOR_MERCHANTS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      page(reply, 200, 'Simulated PayFast merchants', await merchantsBody(deps.db, {}), NOTICE),
    );

    scoped.post(SIMULATOR_MERCHANTS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const form = Object.fromEntries(
        new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
      );
      const parsed = MerchantNameSchema.safeParse(form);
      if (!parsed.success)
        return page(
          reply,
          400,
          'Simulated PayFast merchants',
          await merchantsBody(deps.db, {
            error: parsed.error.issues[0]?.message ?? 'Enter a name.',
            name: String(form.name ?? ''),
          }),
          NOTICE,
        );
      const created = { ...(await registerMerchant(deps.db, parsed.data.name)), name: parsed.data.name };
      return page(
        reply,
        201,
        'Simulated PayFast merchants',
        await merchantsBody(deps.db, { created }),
        NOTICE,
      );
    });
  });
}
