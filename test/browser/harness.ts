/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page-side halves of the helpers below run in Chromium, where the DOM exists.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import type { DatabaseEngine } from '../../src/config/index.js';
import type { Deps } from '../../src/services/deps.js';
import { testConfig } from '../support/app.js';
import { FakeClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/db.js';
import { freePort } from '../support/server-process.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless, and nothing that reaches for the network: the machine's closed network refuses it, many times over. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Generous waits: the suites share a small, busy machine. Nothing sleeps a fixed time; everything waits for a condition. */
export const UI_TIMEOUT_MS = 30_000;
/** A whole browser test: many UI steps, each allowed UI_TIMEOUT_MS, on a loaded machine. */
export const BROWSER_TEST_TIMEOUT_MS = 240_000;
export const ARTIFACTS_DIR = join('test-artifacts', 'screenshots');
export const VIEWPORTS = { phone: { width: 375, height: 740 }, desktop: { width: 1280, height: 860 } } as const;

/**
 * A real server for a browser: the built app and the API on a loopback port, over a fresh database
 * of the given engine, with a clock the test moves (it starts at the real time). It can be stopped
 * and started again on the same port and database.
 */
export class LiveServer {
  app: FastifyInstance | null = null;
  /** What the server answered, request by request (from its own request log). */
  readonly answered: { method: string; url: string; status: number }[] = [];

  private readonly pending = new Map<string, { method: string; url: string }>();

  private constructor(
    readonly engine: DatabaseEngine,
    readonly port: number,
    readonly deps: Deps,
    readonly clock: FakeClock,
    private readonly testDb: TestDb,
  ) {}

  /** `clockStart`: where the server's clock starts (default now); a start in the past leaves room to move it forward. */
  static async start(engine: DatabaseEngine, clockStart: number = Date.now()): Promise<LiveServer> {
    const port = await freePort();
    const testDb = await createTestDb(engine);
    const clock = new FakeClock(clockStart);
    const config = testConfig(testDb.databaseUrl, { PUBLIC_BASE_URL: `http://127.0.0.1:${port}/api/v1` });
    const server = new LiveServer(engine, port, { db: testDb.db, clock, config }, clock, testDb);
    await server.resume();
    return server;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Stops answering (the process's HTTP server closes; the database stays). */
  async stop(): Promise<void> {
    await this.app?.close();
    this.app = null;
  }

  async resume(): Promise<void> {
    const app = await buildApp(this.deps, {
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            const entry = JSON.parse(line) as { reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };
            if (entry.reqId === undefined) return;
            if (entry.req) this.pending.set(entry.reqId, entry.req);
            const req = this.pending.get(entry.reqId);
            if (entry.res && req) {
              this.pending.delete(entry.reqId);
              this.answered.push({ method: req.method, url: req.url, status: entry.res.statusCode });
            }
          },
        },
      },
    });
    await app.listen({ host: '127.0.0.1', port: this.port });
    this.app = app;
  }

  async destroy(): Promise<void> {
    await this.stop();
    await this.testDb.destroy();
  }

  /** An API call with a bearer token, for checking what the browser did. */
  async api(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: ReturnType<typeof JSON.parse> }> {
    const res = await fetch(`${this.origin}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text === '' ? null : JSON.parse(text) };
  }
}

/** Debian's chromium through playwright-core, with a fresh profile. */
export async function openBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'study-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORTS.desktop,
    timeout: 120_000,
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS * 2);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves the page at phone and desktop width as test artifacts (test-artifacts/screenshots/<engine>-<name>-<width>.png). */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize() ?? VIEWPORTS.desktop;
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** What a keyboard user can operate: links, enabled form controls and anything given a tab stop. */
const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tabs through the whole page from its top and answers the visible controls that Tab never
 * focused, each described by its tag and text. A radio group is one tab stop, so reaching any
 * radio of a group counts for the group.
 */
export async function unreachableByTab(page: Page): Promise<string[]> {
  const total = await page.evaluate((selector) => {
    const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
    visible.forEach((el, i) => (el.dataset.tabProbe = String(i)));
    (document.activeElement as HTMLElement | null)?.blur();
    return visible.length;
  }, CONTROLS);
  if (total === 0) throw new Error('the page has no controls to tab through');
  const reached = new Set<string>();
  for (let presses = 0; presses < total + 5; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.dataset.tabProbe === undefined
        ? null
        : { probe: el.dataset.tabProbe, radioGroup: el.getAttribute('type') === 'radio' ? el.getAttribute('name') : null };
    });
    if (focused) reached.add(focused.radioGroup ? `radio:${focused.radioGroup}` : focused.probe);
  }
  return page.evaluate(
    (seen) => {
      const missed: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('[data-tab-probe]')) {
        const group = el.getAttribute('type') === 'radio' ? `radio:${el.getAttribute('name')}` : null;
        if (!seen.includes(el.dataset.tabProbe!) && !(group && seen.includes(group)))
          missed.push(
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim()}"`,
          );
        delete el.dataset.tabProbe;
      }
      return missed;
    },
    [...reached],
  );
}
