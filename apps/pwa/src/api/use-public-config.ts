import { useEffect, useState } from 'react';
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
    // One request per page load; a failure just hides the link (it is not worth an alert).
    paymentUrlRequest ??= fetchPublicConfig()
      .then((config) => toSafeUrl(config.paymentUrl))
      .catch(() => null);
    let isCurrent = true;
    void paymentUrlRequest.then((url) => {
      if (isCurrent) setPaymentUrl(url);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return paymentUrl;
}
