import { z } from 'zod';

/** The business's homepage boosts (issue 20 item 1): whether the add-on is in use, the limit, the boosted listings. */
export const HomepageBoostsSchema = z.object({
  /** The Homepage boost add-on is in use now: without it nothing is featured and boosting is refused. */
  addOnInUse: z.boolean(),
  limit: z.number().int(),
  /** The listings boosted now, the earliest boost first. */
  propertyIds: z.array(z.string()),
});
export type HomepageBoosts = z.infer<typeof HomepageBoostsSchema>;
