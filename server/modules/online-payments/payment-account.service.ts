import type { Kysely, Selectable } from 'kysely';
import type { PaymentAccountInput, PaymentAccountView } from '../../../domain/schemas/online-payments.ts';
import type { Config } from '../../config.ts';
import type { Database, OwnerPaymentAccountsTable, User } from '../../db/types.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import {
  type HttpCall,
  type PayfastSettings,
  payfastApiCall,
} from '../../platform/payments/payfast-gateway.ts';
import { diffFields, recordAudit } from '../audit/audit.ts';
import { credentialsKey, encryptSecret } from './credentials.ts';

/**
 * The owner's own PayFast merchant (docs/decisions/058): entered in Business details, checked with a
 * signed call to PayFast's API before it is stored, the key and passphrase encrypted at rest and never
 * sent back. Only the owner sees or changes it: staff have no permission for the business's settings.
 */

export const PAYMENT_ACCOUNT_ERRORS = {
  ownersOnly: 'Only the business owner can see or change how clients pay online',
  rejected: (reason: string) =>
    `PayFast did not accept these details: ${reason}. Check the merchant ID and the passphrase (PayFast: Settings → Developer settings); nothing was saved.`,
  unreachable: (reason: string) =>
    `PayFast could not be reached to check these details (${reason}); nothing was saved. Please try again in a moment.`,
} as const;

export interface PaymentAccountDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'PAYMENT_CREDENTIALS_KEY'>;
  payments: { payfastSettings: PayfastSettings; http: HttpCall };
}

type AccountRow = Selectable<OwnerPaymentAccountsTable>;

function requireOwner(user: User | null): User {
  const actor = requireRole(user);
  if (actor.role !== 'owner') throw forbidden(PAYMENT_ACCOUNT_ERRORS.ownersOnly);
  return actor;
}

const findAccount = (db: Kysely<Database>, ownerId: string) =>
  db.selectFrom('owner_payment_accounts').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();

function toView(row: AccountRow | undefined, settings: PayfastSettings): PaymentAccountView {
  return {
    method: row?.method ?? null,
    merchantId: row?.method === 'payfast' ? row.merchant_id : null,
    verifiedAt: row?.method === 'payfast' && row.verified_at ? new Date(row.verified_at).toISOString() : null,
    mode: settings.mode,
  };
}

export async function getPaymentAccount(
  deps: PaymentAccountDeps,
  user: User | null,
): Promise<PaymentAccountView> {
  const owner = requireOwner(user);
  return toView(await findAccount(deps.db, owner.id), deps.payments.payfastSettings);
}

/** What PayFast said, in a line: its `data.response` or `message` when JSON, else the text. */
function payfastReason(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'string' && body.trim()) return body.trim();
    if (body && typeof body === 'object') {
      const data = (body as { data?: { response?: unknown; message?: unknown } }).data;
      for (const candidate of [data?.response, data?.message, (body as { message?: unknown }).message])
        if (typeof candidate === 'string' && candidate.trim()) return candidate.trim().slice(0, 200);
    }
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 200) || `it answered ${status}`;
}

/**
 * PayFast's API ping, signed as the merchant (merchant-id header, signature with its passphrase):
 * PayFast answers 200 only when it knows the merchant and the signature matches its passphrase.
 */
export async function verifyPayfastMerchant(
  payments: PaymentAccountDeps['payments'],
  merchant: { merchantId: string; passphrase: string },
): Promise<void> {
  const { apiBase, apiTesting } = payments.payfastSettings;
  let response: { status: number; text: string };
  try {
    response = await payfastApiCall({ apiBase, apiTesting, ...merchant }, payments.http, 'GET', 'ping');
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'no answer';
    throw new AppError(422, PAYMENT_ACCOUNT_ERRORS.unreachable(reason.slice(0, 120)), 'PAYFAST_UNREACHABLE');
  }
  if (response.status < 200 || response.status >= 300)
    throw new AppError(
      422,
      PAYMENT_ACCOUNT_ERRORS.rejected(payfastReason(response.status, response.text)),
      'PAYFAST_REJECTED',
    );
}

const AUDITED = ['method', 'merchant_id', 'verified_at'] as const;

export async function savePaymentAccount(
  deps: PaymentAccountDeps,
  user: User | null,
  input: PaymentAccountInput,
): Promise<PaymentAccountView> {
  const owner = requireOwner(user);
  // Checked before any write, outside a transaction: the simulator answers from this same database.
  if (input.method === 'payfast') await verifyPayfastMerchant(deps.payments, input);
  const key = credentialsKey(deps.config);
  const now = new Date();
  const values =
    input.method === 'payfast'
      ? {
          method: 'payfast' as const,
          merchant_id: input.merchantId,
          merchant_key_encrypted: encryptSecret(input.merchantKey, key),
          passphrase_encrypted: encryptSecret(input.passphrase, key),
          verified_at: now,
        }
      : {
          method: 'eft_only' as const,
          merchant_id: null,
          merchant_key_encrypted: null,
          passphrase_encrypted: null,
          verified_at: null,
        };
  const saved = await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('owner_payment_accounts')
      .selectAll()
      .where('owner_id', '=', owner.id)
      .forUpdate()
      .executeTakeFirst();
    const row = await trx
      .insertInto('owner_payment_accounts')
      .values({ owner_id: owner.id, ...values })
      .onConflict((conflict) => conflict.column('owner_id').doUpdateSet({ ...values, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = diffFields<AccountRow>(before ?? null, row, AUDITED);
    await recordAudit(trx, {
      actor: owner,
      ownerId: owner.id,
      entityType: 'payment_account',
      entityId: owner.id,
      action: before ? 'updated' : 'created',
      changes,
      summary:
        row.method === 'payfast'
          ? `Online payments through PayFast merchant ${row.merchant_id} (verified)`
          : 'Online payments off: clients pay by EFT',
    });
    return row;
  });
  return toView(saved, deps.payments.payfastSettings);
}
