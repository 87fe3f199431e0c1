import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../support/when-idle.ts';
import { fetchPublicConfig } from './config-api.ts';

let paymentUrlRequest: Promise<string | null> | undefined;

/** Only http(s) links are offered as the payment page. */
function toSafeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The configured "Make a Payment" page, or null while unknown or not configured. */
export function usePaymentUrl(): string | null {
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    // Once the first screen is drawn (the footer's link can wait; the page's own reads cannot).
    // One request per page load; a failure just hides the link (it is not worth an alert).
    const cancel = afterFirstScreen(() => {
      paymentUrlRequest ??= fetchPublicConfig()
        .then((config) => toSafeUrl(config.paymentUrl))
        .catch(() => null);
      void paymentUrlRequest.then((url) => {
        if (isCurrent) setPaymentUrl(url);
      });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, []);
  return paymentUrl;
}
