// A venue uplink in front of a real server, as the tablet's browser sees it: a loopback proxy
// that forwards every request, or, once cut off, swallows them: the connection stays open and
// nothing ever comes back (no refusal, no error), as when an access point drops its uplink. A
// request swallowed stays unanswered for good, even after the link is restored (its connection
// is dead); only requests sent after `restore()` are answered. The browser giving one up (an
// abort, a time limit) is recorded. Used by both browser lanes (Chromium and WebKit).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SwallowedRequest {
  method: string;
  path: string;
  at: number;
  /** When the browser closed it (it gave up waiting); undefined while it still waits. */
  closedAt?: number;
}

export class HangingLink {
  readonly swallowed: SwallowedRequest[] = [];
  private isCutOff = false;
  private readonly server: http.Server;
  private readonly target: URL;

  private constructor(target: string) {
    this.target = new URL(target);
    this.server = http.createServer((request, response) => this.handle(request, response));
    // Keep-alive connections held by the browser must not keep the test waiting at close.
    this.server.keepAliveTimeout = 1000;
  }

  /** A link to the server at `target` (e.g. http://127.0.0.1:3101), on a free loopback port. */
  static async start(target: string): Promise<HangingLink> {
    const link = new HangingLink(target);
    await new Promise<void>((resolve) => link.server.listen(0, '127.0.0.1', resolve));
    return link;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From now on every request hangs unanswered. Returns the moment. */
  cutOff(): number {
    this.isCutOff = true;
    return Date.now();
  }

  /** From now on requests reach the server again (those swallowed stay unanswered). Returns the moment. */
  restore(): number {
    this.isCutOff = false;
    return Date.now();
  }

  /** Swallowed requests whose path starts with `path` (and of `method`, when given). */
  swallowedOf(path: string, method?: string): SwallowedRequest[] {
    return this.swallowed.filter((item) => item.path.startsWith(path) && (!method || item.method === method));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (this.isCutOff) {
      const swallowed: SwallowedRequest = { method: request.method ?? 'GET', path: request.url ?? '/', at: Date.now() };
      this.swallowed.push(swallowed);
      request.resume(); // the body is read and dropped; nothing is ever answered
      response.once('close', () => (swallowed.closedAt = Date.now()));
      return;
    }
    const upstream = http.request(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.once('error', () => response.destroy());
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  }
}
