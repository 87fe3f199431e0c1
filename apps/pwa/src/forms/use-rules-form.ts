import type { ValidationResult } from '@judging/shared-types';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';

/**
 * Like `useSchemaForm`, for forms whose shared check is a function rather than a bare schema
 * (`validateNewEvent(value, today)`, `validateSchoolRegistration`): the same rule the server
 * runs, so no rule is written twice. Errors show after the first submit attempt, then follow
 * every edit; errors the server sent show until their field changes.
 */
export function useRulesForm<V extends object, T>(check: (values: V) => ValidationResult<T>, initialValues: V) {
  const [values, setValues] = useState<V>(initialValues);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const validation = useMemo(() => check(values), [check, values]);
  const ruleErrors = useMemo<Record<string, string>>(
    () => (validation.ok ? {} : Object.fromEntries(validation.errors.map((error) => [error.field, error.message]))),
    [validation],
  );
  const errors: Record<string, string> = hasTriedSubmit ? { ...serverErrors, ...ruleErrors } : serverErrors;

  const update = (next: (previous: V) => V, fields: readonly string[]) => {
    setValues(next);
    setServerErrors((previous) => {
      const rest = { ...previous };
      for (const field of [...fields, 'form']) delete rest[field];
      return rest;
    });
  };

  return {
    values,
    errors,
    isValid: validation.ok,
    hasTriedSubmit,
    /** Replaces some values; `fields` names the error keys the edit clears. */
    update,
    setValue<K extends keyof V & string>(name: K, value: V[K]) {
      update((previous) => ({ ...previous, [name]: value }), [name]);
    },
    setServerErrors,
    onSubmit(onValid: (value: T) => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setHasTriedSubmit(true);
        if (validation.ok) onValid(validation.value);
      };
    },
    reset(next: V = initialValues) {
      setValues(next);
      setHasTriedSubmit(false);
      setServerErrors({});
    },
  };
}
