// The subset of Playwright's `request` fixture that the shared server helpers
// (tests/e2e/pages/judge-server.ts) use, on Node's fetch, so both lanes build their per-test
// event and judge and read the server's rows with the same code.
import type { ApiRequestLike, ApiRequestOptions, ApiResponseLike } from '../e2e/pages/judge-server.ts';

export function fetchApiClient(baseUrl: string): ApiRequestLike {
  const send = async (method: string, url: string, options: ApiRequestOptions = {}): Promise<ApiResponseLike> => {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined;
    if (options.multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.multipart)) form.append(name, value);
      body = form;
    } else if (options.data !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.data);
    }
    const response = await fetch(new URL(url, baseUrl), { method, headers, body, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    return {
      ok: () => response.ok,
      url: () => response.url,
      status: () => response.status,
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    };
  };
  return {
    get: (url, options) => send('GET', url, options),
    post: (url, options) => send('POST', url, options),
  };
}
