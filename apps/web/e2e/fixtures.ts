import { test as base, expect } from '@playwright/test';

/**
 * Every test collects what the browser reports as broken: console errors (a CSP violation is
 * one) and uncaught page errors. `expectNoBrowserErrors()` fails the test if any showed up.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    await use(errors);
  },
});

export { expect };
