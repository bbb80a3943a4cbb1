import { useEffect, useRef, useState } from 'react';
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

/** The form-level "error" while a lazily loaded schema is on its way: names no field, so none shows it. */
const SCHEMA_LOADING = { '#schema': 'Loading the form rules' };

/**
 * A module of domain schemas loaded on first use, so a public screen's first load need not carry zod
 * (docs/decisions/011). Pass a loader defined at module level, e.g.
 *   const userSchemas = () => import('../../domain/schemas/user.ts');
 * Returns the module once it has loaded (null before), and starts loading it on first render.
 */
export function useSchemas<M>(load: () => Promise<M>): M | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (module) => current && setLoaded({ module }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [load]);
  return loaded?.module ?? null;
}

/**
 * Once a lazily loaded schema has arrived, checks the fields already changed: typing or autofill
 * can beat the download, and their errors should show without another keystroke.
 */
export function useValidateChangedFieldsOnLoad(
  form: { getDirty: () => Record<string, boolean>; validateField: (path: string) => unknown },
  loaded: boolean,
) {
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => {
    if (!loaded) return;
    const dirty = formRef.current.getDirty();
    for (const path of Object.keys(dirty)) if (dirty[path]) formRef.current.validateField(path);
  }, [loaded]);
}

/**
 * zodValidate for a schema from useSchemas: until it has loaded the form counts as invalid (so a
 * submit button bound to form.isValid() stays disabled) without an error on any field.
 */
export function lazyZodValidate<T>(schema: z.ZodType<unknown, T> | null | undefined) {
  return schema ? zodValidate(schema) : (): Record<string, string> => SCHEMA_LOADING;
}
