/**
 * The custom rental agreement's limit and messages (docs/decisions/037), re-exported by
 * domain/agreement.ts. Apart from it so that the response schemas (domain/schemas/agreement.ts) do
 * not bring its Markdown lexer to the web pages that load them (docs/decisions/073).
 */

/** At most this many characters in one version (about ten printed pages). */
export const MAX_AGREEMENT_CHARS = 20_000;

export const AGREEMENT_MESSAGES = {
  required: 'Please write your rental agreement',
  tooLong: `Your agreement can be at most ${MAX_AGREEMENT_CHARS.toLocaleString('en-ZA')} characters`,
  addOnRequired:
    'Custom rental agreements come with the Custom Agreement add-on: add it on the Subscription page to write your own',
  ownersOnly: 'Only the business owner can write its rental agreement',
  notFound: 'Rental agreement not found',
  notAccepted: (businessName: string) => `Please read and accept ${businessName}'s rental agreement to book`,
  changed: (businessName: string, version: number) =>
    `${businessName}'s rental agreement has changed since you opened it: please read the new version (version ${version}) and accept it to book`,
} as const;
