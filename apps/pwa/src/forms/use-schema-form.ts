import { compiledCheckOf, hasCompiledErrors, validate, type ValidationResult } from '@judging/shared-types';
import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { Static, TSchema } from 'typebox';
import { loadValidators } from '../validation/validators.ts';

type TextFields<V> = { [K in keyof V]-?: V[K] extends string | null | undefined ? K : never }[keyof V] & string;

/**
 * Form state validated by a shared schema. Rule errors appear only after the first submit
 * attempt and then follow every edit; errors the server sent show until their field changes.
 */
export function useSchemaForm<S extends TSchema>(schema: S, initialValues: Static<S>) {
  const [values, setValues] = useState<Static<S>>(initialValues);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // The compiled validators word the errors (and check a schema the first load did not register):
  // they are fetched when the form first needs them, so a valid login never waits for them.
  const [hasValidators, setHasValidators] = useState(() => hasCompiledErrors(schema));
  const compiledCheck = compiledCheckOf(schema);
  const passesCompiledCheck = useMemo(() => compiledCheck?.(values) ?? false, [compiledCheck, values]);
  const needsValidators = !hasValidators && (!compiledCheck || (hasTriedSubmit && !passesCompiledCheck));
  useEffect(() => {
    if (needsValidators) void loadValidators().then(() => setHasValidators(true));
  }, [needsValidators]);
  /** Undefined while the values fail their compiled check and the words are on their way. */
  const validation = useMemo<ValidationResult<Static<S>> | undefined>(
    () => (hasValidators || passesCompiledCheck ? validate(schema, values) : undefined),
    [hasValidators, passesCompiledCheck, schema, values],
  );
  const ruleErrors = useMemo<Record<string, string>>(
    () =>
      !validation || validation.ok
        ? {}
        : Object.fromEntries(validation.errors.map((error) => [error.field, error.message])),
    [validation],
  );
  const errors: Record<string, string> = hasTriedSubmit ? { ...serverErrors, ...ruleErrors } : serverErrors;

  // Any field, typed by the schema: selects of numbers, checkboxes and nested state refs.
  const setValue = <K extends keyof Static<S> & string>(name: K, value: Static<S>[K]) => {
    setValues((previous: Static<S>) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => {
      if (!(name in previous) && !('form' in previous)) return previous;
      const rest = { ...previous };
      delete rest[name];
      delete rest.form;
      return rest;
    });
  };
  const setField = (name: TextFields<Static<S>>, value: string) => setValue(name, value as Static<S>[typeof name]);

  return {
    values,
    errors,
    isValid: validation?.ok ?? false,
    setField,
    setValue,
    setServerErrors,
    /** Props for a Mantine text input or textarea bound to one field. */
    getInputProps(name: TextFields<Static<S>>) {
      const value: unknown = values[name];
      return {
        value: typeof value === 'string' ? value : '',
        onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          setField(name, event.currentTarget.value),
        error: errors[name],
      };
    },
    /** Marks the submit attempt; calls `onValid` with the checked values only when the rules pass. */
    onSubmit(onValid: (value: Static<S>) => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setHasTriedSubmit(true);
        if (validation) {
          if (validation.ok) onValid(validation.value);
          return;
        }
        // Submitted before the validators came: checked once they have.
        void loadValidators().then(() => {
          const checked = validate(schema, values);
          if (checked.ok) onValid(checked.value);
        });
      };
    },
    reset(next: Static<S> = initialValues) {
      setValues(next);
      setHasTriedSubmit(false);
      setServerErrors({});
    },
  };
}
