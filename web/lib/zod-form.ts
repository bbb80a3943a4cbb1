import type { z } from 'zod';

/** Turns a zod schema into a @mantine/form validate function: one message per field. */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
