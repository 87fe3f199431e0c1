import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { Input, Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { fetchCaptchaChallenge } from '../api/requests-api.ts';
import classes from './captcha-field.module.css';

// decisions §4: a self-hosted proof of work, no third party. The strict-CSP build of the
// widget ships no worker of its own: the SHA worker is bundled by Vite (script-src 'self').
$altcha.algorithms.set('SHA-256', () => new ShaWorker());

interface StateChangeDetail {
  state: string;
  payload?: string;
}

function isStateChange(event: Event): event is CustomEvent<StateChangeDetail> {
  return event instanceof CustomEvent && typeof (event.detail as { state?: unknown } | null)?.state === 'string';
}

/**
 * The captcha of the public forms: the ALTCHA widget (compact, light) solving a challenge
 * that the API client fetched and checked against the shared schema. `onChange` gets the
 * payload once solved and null when it expires or fails; bump `resetKey` after each submit,
 * since the server accepts a solution once.
 */
export function CaptchaField({
  onChange,
  error,
  resetKey = 0,
}: {
  onChange(payload: string | null): void;
  error?: string | undefined;
  resetKey?: number;
}) {
  const widgetRef = useRef<HTMLElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Shown only with a challenge configured: clicked before, the widget fetched a challenge of its
  // own from no address (the page itself), failed, and stayed unsolved until clicked again.
  const [isReady, setIsReady] = useState(false);
  const report = useEffectEvent(onChange);

  useEffect(() => {
    const widget = widgetRef.current as (HTMLElementTagNameMap['altcha-widget'] & HTMLElement) | null;
    if (!widget) return;
    const controller = new AbortController();
    let isLoading = false;

    const loadChallenge = async () => {
      if (isLoading) return;
      isLoading = true;
      setIsReady(false);
      try {
        const challenge = await fetchCaptchaChallenge(controller.signal);
        await widget.configure({ challenge, hideFooter: true, hideLogo: false, language: 'en', type: 'checkbox' });
        widget.reset();
        if (controller.signal.aborted) return;
        setLoadError(null);
        setIsReady(true);
      } catch {
        // Offline or refused: say so; the form stays unsent until a challenge arrives.
        if (!controller.signal.aborted)
          setLoadError('The verification could not be loaded. Check the connection and reload the page.');
      } finally {
        isLoading = false;
      }
    };

    const onStateChange = (event: Event) => {
      if (!isStateChange(event)) return;
      const { state, payload } = event.detail;
      if (state === 'verified' && payload) {
        report(payload);
        return;
      }
      report(null);
      // A challenge is single use and expires: fetch a fresh one for the next try.
      if (state === 'expired' || state === 'error') void loadChallenge();
    };
    widget.addEventListener('statechange', onStateChange, { signal: controller.signal });
    void loadChallenge();
    report(null);
    return () => controller.abort();
  }, [resetKey]);

  return (
    <Stack gap={4}>
      <Input.Label required>Verification</Input.Label>
      <div
        className={classes.widget}
        data-error={error ? true : undefined}
        aria-busy={!isReady}
        style={isReady ? undefined : { visibility: 'hidden' }}
      >
        <altcha-widget ref={widgetRef} auto="off" display="standard" name="captcha" theme="default" />
      </div>
      {(error ?? loadError) && <Input.Error>{error ?? loadError}</Input.Error>}
    </Stack>
  );
}
