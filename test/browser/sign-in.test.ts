import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { unsubscribeToken } from '../../src/services/unsubscribe.js';
import { ENGINES, TEST_DATABASE_URL } from '../support/db.js';
import { createLearner } from '../support/factories.js';
import { UNSUBSCRIBE_SECRET } from '../support/app.js';
import { loginLinkUrl } from '../../src/cli/login-link.js';
import { mintLoginLink } from '../../src/services/sign-in.js';
import { LiveServer, openBrowser, screenshots } from './harness.js';

for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`Signing in to the web app in Chromium [${engine}]`, () => {
    let server: LiveServer;
    let browser: { context: BrowserContext; close: () => Promise<void> };

    beforeAll(async () => {
      [server, browser] = await Promise.all([LiveServer.start(engine), openBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.destroy();
    });

    it('a login link signs the browser in once; sign-out ends the session', async () => {
      const alice = await createLearner(server.deps, 'alice');
      const minted = await mintLoginLink(server.deps, 'alice');
      if (!minted.ok) throw new Error('mint failed');
      const link = loginLinkUrl(server.deps.config, minted.value.token);
      const page = await browser.context.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: /Welcome, alice/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await screenshots(page, `${engine}-home`);

      // The cookie is HttpOnly: scripts of the page cannot read it.
      expect(await page.evaluate<string>('document.cookie')).not.toContain('svc_session');
      const cookies = await browser.context.cookies(server.origin);
      expect(cookies.find((c) => c.name === 'svc_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      // Client routes load the app directly.
      await page.goto(`${server.origin}/reviews`);
      await page.getByRole('heading', { name: 'Reviews' }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      const sessions = await server.deps.db.kysely.selectFrom('sessions').select(['revoked_at']).execute();
      expect(sessions.map((s) => s.revoked_at !== null)).toEqual([true]);
      await page.goto(`${server.origin}/`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();

      // The link was spent: following it again lands on the sign-in page with an explanation.
      await page.goto(link);
      await page.getByText('That sign-in link has expired or was already used').waitFor();
      expect(alice.username).toBe('alice');
      await page.close();
    });

    it('an API token pasted into the sign-in page is exchanged for the cookie and kept nowhere', async () => {
      const bob = await createLearner(server.deps, 'bob');
      const page = await browser.context.newPage();
      await page.goto(`${server.origin}/sign-in`);
      await page.getByLabel('API token').fill('wrong-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('That token was not accepted').waitFor();
      await page.getByLabel('API token').fill(bob.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: /Welcome, bob/ }).waitFor();
      await screenshots(page, `${engine}-home-signed-in`);
      const stored = await page.evaluate<string>(
        'JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href',
      );
      expect(stored).not.toContain(bob.token);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.goto(`${server.origin}/sign-in`);
      await screenshots(page, `${engine}-sign-in`);
      await page.close();
    });

    it('the unsubscribe page changes nothing when opened, and unsubscribes on the learner’s click', async () => {
      const carol = await createLearner(server.deps, 'carol', { email: 'carol@example.org' });
      const token = unsubscribeToken(UNSUBSCRIBE_SECRET, carol.uuid);
      const unsubscribed = async () =>
        (
          await server.deps.db.kysely
            .selectFrom('users')
            .select('nudges_unsubscribed_at')
            .where('id', '=', carol.userId)
            .executeTakeFirstOrThrow()
        ).nudges_unsubscribed_at;
      const page = await browser.context.newPage();
      await page.goto(`${server.origin}/unsubscribe?token=${encodeURIComponent(token)}`);
      const button = page.getByRole('button', { name: 'Unsubscribe from reminder emails' });
      await button.waitFor();
      expect(await unsubscribed()).toBeNull();
      await screenshots(page, `${engine}-unsubscribe`);
      await button.click();
      await page.getByText('You are unsubscribed').waitFor();
      expect(await unsubscribed()).not.toBeNull();

      await page.goto(`${server.origin}/unsubscribe?token=forged`);
      await page.getByRole('button', { name: 'Unsubscribe from reminder emails' }).click();
      await page.getByText('This unsubscribe link is not valid').waitFor();
      await page.close();
    });
  });
}
