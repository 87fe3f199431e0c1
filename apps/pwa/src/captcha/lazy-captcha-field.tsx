import { Input, Loader, Stack } from '@mantine/core';
import { Suspense, lazy, type ComponentProps } from 'react';
import type { CaptchaField } from './captcha-field.tsx';

// The login form is on the pages a first visit lands on (/welcome, /login), which render from the
// entry chunk, yet it shows the captcha only once the server asks for it. The ALTCHA widget is
// the largest library of that chunk: every visit, and the judge's every route, paid for it.
// Here it is fetched when the field first shows (the service worker precaches it for offline).
const LoadedCaptchaField = lazy(() =>
  import('./captcha-field.tsx').then(({ CaptchaField }) => ({ default: CaptchaField })),
);

/** `CaptchaField`, its widget's code fetched on first show; until then its label and a loader. */
export function LazyCaptchaField(props: ComponentProps<typeof CaptchaField>) {
  return (
    <Suspense
      fallback={
        <Stack gap={4}>
          <Input.Label required>Verification</Input.Label>
          <Loader size="sm" aria-label="Loading the verification" />
          {props.error && <Input.Error>{props.error}</Input.Error>}
        </Stack>
      }
    >
      <LoadedCaptchaField {...props} />
    </Suspense>
  );
}
