import type { Page } from 'playwright-core';

/**
 * What a page did while a test looked at it: the console's errors and uncaught exceptions, every request it made and
 * every request that failed or was answered with an error status.
 */
export class PageWatch {
  readonly errors: string[] = [];
  readonly requests: string[] = [];
  private readonly failed: string[] = [];
  /** Requests the browser cancelled (net::ERR_ABORTED), as it does with a favicon still loading when the page moves on. */
  private readonly aborted: string[] = [];
  /** The URLs of the requests that finished (an error status among them is in `failed`). */
  private readonly finished = new Set<string>();

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`${page.url()}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`${page.url()}: uncaught ${error.name}: ${error.message}`));
    page.on('request', (request) => this.requests.push(request.url()));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      (reason === 'net::ERR_ABORTED' ? this.aborted : this.failed).push(`${request.url()}: ${reason}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) this.failed.push(`${response.url()}: HTTP ${response.status()}`);
    });
    page.on('requestfinished', (request) => this.finished.add(request.url()));
  }

  /** The requests to anywhere but `origin`. */
  requestsOutside(origin: string): string[] {
    return this.requests.filter((url) => new URL(url).origin !== origin);
  }

  /**
   * The requests that failed. A cancelled request is one unless a request for the same URL finished another time: then
   * the browser gave up on it, the site did not fail.
   */
  get failures(): string[] {
    const unserved = this.aborted.filter((entry) => !this.finished.has(entry.slice(0, entry.lastIndexOf(': '))));
    return [...this.failed, ...unserved];
  }

  /** What a quiet page has none of: console errors, failed requests, requests outside `origin`. */
  troubles(origin: string): { errors: string[]; failures: string[]; outside: string[] } {
    return { errors: this.errors, failures: this.failures, outside: this.requestsOutside(origin) };
  }
}
