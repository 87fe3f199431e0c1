import { useState } from 'react';
import type { Static, TSchema } from 'typebox';
import { useSchemaForm } from '../../../forms/use-schema-form.ts';
import { withLoading } from '../../../loading/loading-store.ts';
import { reportRequestError } from './request-errors.ts';

/** The visitor's text without the spaces around it; the captcha's payload is sent as the widget gave it. */
function trimTexts<T extends object>(request: T): T {
  return Object.fromEntries(
    Object.entries(request).map(([key, value]) => [
      key,
      typeof value === 'string' && key !== 'captcha' ? value.trim() : value,
    ]),
  ) as T;
}

/**
 * A public request form (contact, account request, registration change): schema-checked fields,
 * a captcha that needs a fresh challenge after every failed send (a solution is accepted once),
 * and the thank-you view once sent.
 */
export function useRequestForm<S extends TSchema>(
  schema: S,
  emptyRequest: Static<S>,
  send: (request: Static<S>) => Promise<unknown>,
  failureMessage: string,
) {
  const form = useSchemaForm(schema, emptyRequest);
  const [isSent, setIsSent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = form.onSubmit((request) => {
    setIsSending(true);
    withLoading(send(trimTexts(request)))
      .then(() => setIsSent(true))
      .catch((error: unknown) => {
        reportRequestError(error, form, failureMessage);
        setCaptchaKey((key) => key + 1);
      })
      .finally(() => setIsSending(false));
  });

  /** Back to an empty form for another message, keeping the visitor's state. */
  const startAgain = (keep: Partial<Static<S>>) => {
    form.reset({ ...emptyRequest, ...keep });
    setCaptchaKey((key) => key + 1);
    setIsSent(false);
  };

  const onCaptchaChange = (payload: string | null) =>
    form.setValue('captcha' as keyof Static<S> & string, (payload ?? '') as Static<S>[keyof Static<S> & string]);

  return { form, submit, isSent, isSending, captchaKey, onCaptchaChange, startAgain };
}
