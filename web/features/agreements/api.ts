import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementInput } from '../../../domain/schemas/agreement.ts';
import { api, lazySchema } from '../../lib/api.ts';

// The booking page asks for the agreement in force: its schema (and zod) loads beside the request.
const agreementSchemas = () => import('../../../domain/schemas/agreement.ts');
const agreementEditorSchema = lazySchema(agreementSchemas, (m) => m.AgreementEditorSchema);
const agreementSavedSchema = lazySchema(agreementSchemas, (m) => m.AgreementSavedSchema);
const agreementInForceSchema = lazySchema(agreementSchemas, (m) => m.AgreementInForceSchema);
const agreementVersionSchema = lazySchema(agreementSchemas, (m) => m.AgreementVersionSchema);

export type { AgreementEditor, AgreementVersion } from '../../../domain/schemas/agreement.ts';

const EDITOR_KEY = ['agreement-editor'] as const;
const inForceKey = (ownerId: string) => ['agreement-in-force', ownerId] as const;

/** The owner's agreement: latest version, history and whether the add-on is in use. */
export function useAgreementEditor() {
  return useQuery({ queryKey: EDITOR_KEY, queryFn: () => api.get('/api/agreement', agreementEditorSchema) });
}

export function useSaveAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgreementInput) => api.put('/api/agreement', input, agreementSavedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EDITOR_KEY }),
  });
}

/** The agreement a client booking with the business accepts (null: Rentza's standard terms). */
export function useAgreementInForce(ownerId: string, enabled = true) {
  return useQuery({
    queryKey: inForceKey(ownerId),
    queryFn: () => api.get(`/api/agreements/${encodeURIComponent(ownerId)}`, agreementInForceSchema),
    enabled,
  });
}

/** One version as it was saved. */
export function useAgreementVersion(ownerId: string | undefined, version: number | undefined) {
  return useQuery({
    queryKey: ['agreement-version', ownerId, version],
    queryFn: () =>
      api.get(`/api/agreements/${encodeURIComponent(ownerId ?? '')}/${version}`, agreementVersionSchema),
    enabled: !!ownerId && !!version,
  });
}
