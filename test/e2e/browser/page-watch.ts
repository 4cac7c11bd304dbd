import type { Page } from 'playwright-core';

/**
 * What a page did while a test looked at it: the console's errors and uncaught exceptions, every request it made and
 * every request that failed or was answered with an error status.
 */
export class PageWatch {
  readonly errors: string[] = [];
  readonly requests: string[] = [];
  readonly failures: string[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`${page.url()}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`${page.url()}: uncaught ${error.name}: ${error.message}`));
    page.on('request', (request) => this.requests.push(request.url()));
    page.on('requestfailed', (request) => this.failures.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
    page.on('response', (response) => {
      if (response.status() >= 400) this.failures.push(`${response.url()}: HTTP ${response.status()}`);
    });
  }

  /** The requests to anywhere but `origin`. */
  requestsOutside(origin: string): string[] {
    return this.requests.filter((url) => new URL(url).origin !== origin);
  }

  /** What a quiet page has none of: console errors, failed requests, requests outside `origin`. */
  troubles(origin: string): { errors: string[]; failures: string[]; outside: string[] } {
    return { errors: this.errors, failures: this.failures, outside: this.requestsOutside(origin) };
  }
}
