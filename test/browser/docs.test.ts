import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TEST_TIMEOUT_MS, LiveServer, openBrowser, screenshots } from './harness.js';

/**
 * The API reference at /api/v1/docs as a client developer sees it in Chromium: every tag of the
 * OpenAPI document is a section of the page, and the main bodies show their examples. The page
 * reads no learner data, so one engine suffices.
 */
interface Doc {
  tags: { name: string }[];
  paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
}

/** Opens an operation's panel (Swagger UI renders its body only when expanded) and answers its text. */
async function expand(page: Page, tag: string, operationId: string): Promise<string> {
  const block = page.locator(`#operations-${tag.replace(/ /g, '_')}-${operationId}`);
  await block.locator('.opblock-summary-control').click();
  await block.locator('.opblock-body').waitFor();
  // Examples are drawn after the panel opens: wait for the first highlighted code of the responses.
  await block.locator('.responses-wrapper .highlight-code').first().waitFor();
  return block.innerText();
}

describe('API docs page in Chromium [sqlite]', { timeout: BROWSER_TEST_TIMEOUT_MS }, () => {
  let server: LiveServer;
  let browser: { context: BrowserContext; close: () => Promise<void> };

  beforeAll(async () => {
    [server, browser] = await Promise.all([LiveServer.start('sqlite'), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.destroy();
  });

  it('renders a section for every tag of the OpenAPI document, and the examples of the main bodies', async () => {
    const doc = (await (await fetch(`${server.origin}/api/v1/openapi.json`)).json()) as Doc;
    const used = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
    const declared = doc.tags.map((tag) => tag.name);
    expect([...used].sort()).toEqual([...declared].sort());

    const page = await browser.context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto(`${server.origin}/api/v1/docs/`);
    await page.locator('.swagger-ui .info .title').getByText('Study Service API').waitFor();
    await page.locator('.opblock-tag').first().waitFor();
    const rendered = await page.locator('.opblock-tag').evaluateAll((headings) => headings.map((h) => h.getAttribute('data-tag')));
    expect(rendered).toEqual(declared);
    await screenshots(page, 'sqlite-api-docs');

    // Request and answer examples of the main resources, and the error body.
    const review = await expand(page, 'study', 'postReviews');
    expect(review).toContain('"incorrect_meaning_answers": 1');
    expect(review).toContain('"resources_updated"');
    expect(review).toContain('Assignment is burned and cannot be reviewed.');
    const subject = await expand(page, 'content', 'getSubjectsById');
    expect(subject).toContain('"characters": "一"');
    expect(subject).toContain('Unauthorized. Provide a valid API token.');
    const subjects = await expand(page, 'content', 'getSubjects');
    expect(subjects).toContain('"object": "collection"');
    expect(subjects).toContain('"next_url"');
    const assignment = await expand(page, 'study', 'getAssignmentsById');
    expect(assignment).toContain('"object": "assignment"');
    const user = await expand(page, 'account', 'getUser');
    expect(user).toContain('"username": "demo"');
    await screenshots(page, 'sqlite-api-docs-examples');

    // Everything came from this server (no CDN).
    const origins = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin));
    expect(new Set(origins)).toEqual(new Set([server.origin]));
    expect(failed).toEqual([]);
    await page.close();
  });
});
