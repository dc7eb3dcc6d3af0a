import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ENGINES, TEST_DATABASE_URL } from '../support/db.js';
import { createLearner, type Learner } from '../support/factories.js';
import { insertProgression } from '../../src/db/repositories/level-progressions.js';
import { LiveServer, openBrowser, screenshots, unreachableByTab } from './harness.js';
import { learnerWithHistory, signIn } from './learner-history.js';

for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(
    `The app's screens on a learner with history, in Chromium [${engine}]`,
    { timeout: 120_000 },
    () => {
      let server: LiveServer;
      let browser: { context: BrowserContext; close: () => Promise<void> };
      let learner: Learner;
      let page: Page;
      const get = async (path: string) => {
        const res = await server.api(learner.token, 'GET', path);
        expect(res.status, path).toBe(200);
        return res.json;
      };
      const open = async (path: string, heading: string | RegExp) => {
        await page.goto(`${server.origin}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      };

      beforeAll(async () => {
        [server, browser] = await Promise.all([LiveServer.start(engine), openBrowser()]);
        learner = await learnerWithHistory(server, 'hana');
        page = await browser.context.newPage();
        await signIn(server, page, 'hana');
      }, 180_000);
      afterAll(async () => {
        await browser?.close();
        await server?.destroy();
      });

      it('home shows the dashboard’s values in every widget, and hiding a widget and switching a period persist', async () => {
        const dashboard = (await get('/dashboard')).data;
        await open('/', /Welcome, hana/);
        await page.getByRole('link', { name: `Reviews: ${dashboard.reviews.available} available` }).waitFor();
        await page.getByRole('link', { name: `Lessons: ${dashboard.lessons.available} available` }).waitFor();
        const headings = await page.locator('.widget h2').allTextContents();
        expect(headings).toEqual([
          'Review forecast',
          'Level progress',
          'Item spread',
          'Extra study',
          'Recent mistakes',
          'Critical items',
          'Recently unlocked',
          'Recently burned',
          'Study streak',
          'Correct answers',
          'Reviews completed',
        ]);
        const lp = dashboard.level_progress;
        await page.getByText(`${lp.radicals.passed} / ${lp.radicals.total} passed`).waitFor();
        await page.getByText(`${lp.kanji.passed} / ${lp.kanji.total} passed`).waitFor();
        const streak = page.locator('.widget-study_streak');
        expect(await streak.locator('.big-number').textContent()).toContain(`${dashboard.study_streak.current} day`);
        expect(await streak.locator('.streak-days li.studied').count()).toBe(dashboard.study_streak.recent_days.filter(Boolean).length);
        expect(await page.locator('.widget-reviews_completed .big-number').textContent()).toBe(
          String(dashboard.reviews_completed.current.reviews),
        );
        const critical = page.getByRole('list', { name: 'Critical items' });
        await critical.getByRole('link', { name: /drop/ }).waitFor();
        await page.getByRole('list', { name: 'Recently burned' }).getByRole('link', { name: /fins/ }).waitFor();
        await page.getByRole('list', { name: 'Recent mistakes' }).getByRole('link', { name: /drop/ }).waitFor();
        await screenshots(page, `${engine}-screens-home`);

        // Hide a widget: written to the preferences, still hidden after a reload, shown again from the list.
        await page.getByRole('button', { name: 'Hide Critical items' }).click();
        await page.getByRole('button', { name: 'Show Critical items' }).waitFor();
        expect((await get('/user')).data.preferences.hidden_widgets).toEqual(['critical_items']);
        await open('/', /Welcome, hana/);
        await page.getByRole('button', { name: 'Show Critical items' }).waitFor();
        expect(await page.getByRole('heading', { name: 'Critical items' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Show Critical items' }).click();
        await page.getByRole('button', { name: 'Hide Critical items' }).waitFor();
        expect((await get('/user')).data.preferences.hidden_widgets).toEqual([]);

        // The reviews-completed period is switchable and written back.
        await page.locator('#completed-period').selectOption('all_time');
        await expect.poll(() => page.locator('#completed-period').inputValue()).toBe('all_time');
        await expect.poll(async () => (await get('/user')).data.preferences.reviews_completed_period).toBe('all_time');
        const allTime = (await get('/dashboard')).data.reviews_completed.current.reviews;
        await page.locator('.widget-reviews_completed .big-number', { hasText: String(allTime) }).waitFor();

        // Item spread as a stacked bar chart (item_spread_view graph) and mistakes as flashcards.
        await server.api(learner.token, 'PUT', '/user', { preferences: { item_spread_view: 'graph', recent_mistakes_mode: 'flashcard' } });
        await open('/', /Welcome, hana/);
        await page.locator('.widget-item_spread .stacked-bar').first().waitFor();
        await page.getByRole('button', { name: 'Show the answer' }).click();
        await page.locator('.flashcard-answer', { hasText: 'drop' }).waitFor();
        await screenshots(page, `${engine}-screens-home-graph`);
      });

      it('statistics: the heat map, review stats of every period and days studied match the API', async () => {
        const heat = (await get('/heat_map?view=month&offset=0')).data;
        const days = (await get('/days_studied')).data;
        const week = (await get('/review_stats?period=past_7_days')).data;
        await open('/statistics', 'Statistics');
        await page.locator('.pager-label', { hasText: heat.label }).waitFor();
        await page.locator('#days-studied-heading ~ p strong', { hasText: String(days.days) }).waitFor();
        const row = page.getByRole('row', { name: /Past 7 days/ });
        await row.waitFor();
        expect(await row.locator('td').first().textContent()).toBe(`${week.current.reviews}${week.previous.reviews} before`);
        const reviews = heat.days.reduce((sum: number, d: { reviews: number }) => sum + d.reviews, 0);
        await page.getByText(new RegExp(`${heat.label}: ${reviews} reviews`)).waitFor();
        await screenshots(page, `${engine}-screens-statistics`);
        await page.getByRole('button', { name: 'Previous month' }).click();
        const previous = (await get('/heat_map?view=month&offset=1')).data;
        await page.locator('.pager-label', { hasText: previous.label }).waitFor();
        await page.getByRole('button', { name: 'Year' }).click();
        const year = (await get('/heat_map?view=year&offset=0')).data;
        await page.locator('.pager-label', { hasText: year.label }).waitFor();
        await expect.poll(async () => (await get('/user')).data.preferences.heat_map_view).toBe('year');
        await screenshots(page, `${engine}-screens-statistics-year`);
      });

      it('item spread lists each stage group’s items, linking to subject pages', async () => {
        const spread = (await get('/item_spread')).data;
        await open('/item-spread', 'Item spread');
        for (const bucket of spread.buckets)
          await page.getByRole('heading', { name: new RegExp(`^${bucket.label} ${bucket.total}`) }).waitFor();
        await page.getByRole('list', { name: 'Burned Radicals' }).getByRole('link', { name: /fins/ }).click();
        await page.getByRole('heading', { name: 'fins', level: 2 }).waitFor();
        await screenshots(page, `${engine}-screens-item-spread`);
      });

      it('search finds by meaning and romaji; a study material edited on the subject page is returned by the API', async () => {
        await open('/search', 'Search');
        const results = page.getByRole('list', { name: 'Search results' });
        // Romaji is searched as kana: "san" finds the reading さん.
        await page.getByLabel(/Kanji, vocabulary or radical/).fill('san');
        await results.getByRole('link', { name: /mountain peak/ }).waitFor();
        await page.getByLabel(/Kanji, vocabulary or radical/).fill('fire');
        await results.getByRole('link', { name: /火/ }).waitFor();
        await page.getByLabel(/Kanji, vocabulary or radical/).fill('mountain');
        await results.getByRole('link', { name: /mountain peak/ }).waitFor();
        await screenshots(page, `${engine}-screens-search`);
        await results.getByRole('link', { name: /^山\s*mountain\s*Kanji/ }).click();
        await page.getByRole('heading', { name: 'mountain', level: 2 }).waitFor();
        await page.getByLabel('Meaning note').fill('Three peaks.');
        await page.getByLabel('New synonym').fill('hill');
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await page.getByRole('button', { name: 'Save notes' }).click();
        await page.getByText('Saved.').waitFor();
        const created = (await get('/study_materials?subject_ids=11')).data;
        expect(created).toHaveLength(1);
        expect(created[0].data).toMatchObject({ meaning_note: 'Three peaks.', meaning_synonyms: ['hill'] });
        // Edited in place: a second save updates the same material.
        await page.getByLabel('Reading note').fill('san, like the honorific');
        await page.getByRole('button', { name: 'Remove synonym hill' }).click();
        await page.getByRole('button', { name: 'Save notes' }).click();
        await expect
          .poll(async () => (await get('/study_materials?subject_ids=11')).data[0].data)
          .toMatchObject({ meaning_note: 'Three peaks.', reading_note: 'san, like the honorific', meaning_synonyms: [] });
        expect(await page.getByLabel('Meaning note').getAttribute('maxlength')).toBe('5000');
        await screenshots(page, `${engine}-screens-subject`);
      });

      it('extra study quizzes a cycle with POST /study and changes no assignment', async () => {
        const before = (await get('/assignments')).data;
        const statsBefore = (await get('/review_statistics')).data;
        await open('/extra-study', 'Extra study');
        await screenshots(page, `${engine}-screens-extra-study`);
        await page.getByRole('link', { name: 'Study Recent lessons' }).click();
        await page.getByRole('heading', { name: 'Extra study: Recent lessons' }).waitFor();
        const box = page.getByLabel(/Your answer: meaning/);
        await box.fill('mountain');
        await box.press('Enter');
        await page.getByText(/^Correct/).waitFor();
        await screenshots(page, `${engine}-screens-extra-study-quiz`);
        await box.press('Enter');
        const reading = page.getByLabel(/Your answer: reading/);
        await reading.fill('san');
        await reading.press('Enter');
        await page.getByText(/^Correct/).waitFor();
        // The progress shown is the answer of POST /study recording the item; moving on waits for it.
        await page.getByText('Cycle: 1 of 1 done').waitFor();
        await page.locator('#answer-feedback[aria-busy="false"]').waitFor();
        await reading.press('Enter');
        await page.getByText('Cycle finished').waitFor();
        expect((await get('/assignments')).data).toEqual(before);
        expect((await get('/review_statistics')).data).toEqual(statsBefore);
      });

      it('burn manager: resurrect then retire round trip, with a confirmation', async () => {
        await open('/burn-manager', 'Burn manager');
        await page.getByRole('checkbox', { name: /fins/ }).check();
        await page.getByRole('button', { name: 'Resurrect 1 item' }).click();
        await screenshots(page, `${engine}-screens-burn-manager-confirm`);
        await page.getByRole('button', { name: 'Yes, resurrect' }).click();
        await page.getByText(/Resurrected 1 item: 八 \(fins\)/).waitFor();
        let fins = (await get('/assignments?subject_ids=4')).data[0].data;
        expect(fins.burned_at).toBeNull();
        expect(fins.resurrected_at).not.toBeNull();
        await page.getByRole('tab', { name: 'Resurrected items' }).click();
        await page.getByRole('button', { name: 'Select all' }).click();
        await page.getByRole('button', { name: 'Retire 1 item' }).click();
        await page.getByRole('button', { name: 'Yes, retire' }).click();
        await page.getByText(/Retired 1 item: 八 \(fins\)/).waitFor();
        fins = (await get('/assignments?subject_ids=4')).data[0].data;
        expect(fins.burned_at).not.toBeNull();
        expect(fins.srs_stage).toBe(9);
        await page.getByText('No resurrected items are in your reviews.').waitFor();
        await page.getByRole('tab', { name: 'Burned items' }).click();
        await page.getByRole('checkbox', { name: /fins/ }).waitFor();
        await screenshots(page, `${engine}-screens-burn-manager`);

        // Another device resurrects the item between the selection and the confirmation: the server skips
        // it, and the screen says why in words rather than with the reason's code.
        await page.getByRole('checkbox', { name: /fins/ }).check();
        await page.getByRole('button', { name: 'Resurrect 1 item' }).click();
        const elsewhere = await server.api(learner.token, 'POST', '/burn_manager', { action: 'resurrect', subject_ids: [4] });
        expect(elsewhere.json.data.changed).toEqual([4]);
        await page.getByRole('button', { name: 'Yes, resurrect' }).click();
        await page.getByText('Resurrected 0 items.').waitFor();
        await page.getByText('Skipped 八 (fins): it is not burned, so there is nothing to resurrect.').waitFor();
        await screenshots(page, `${engine}-screens-burn-manager-skipped`);
        await server.api(learner.token, 'POST', '/burn_manager', { action: 'retire', subject_ids: [4] });
      });

      it('settings: preferences and time zone are saved; vacation goes on and is ended from home', async () => {
        await open('/settings', 'Settings');
        await page.getByLabel('Lessons per batch').fill('7');
        await page.getByLabel('Review order').selectOption('lower_srs_first');
        await page.getByLabel(/Your time zone/).selectOption('Asia/Tokyo');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Settings saved.').waitFor();
        const user = (await get('/user')).data;
        expect(user.timezone).toBe('Asia/Tokyo');
        expect(user.preferences).toMatchObject({ lessons_batch_size: 7, reviews_presentation_order: 'lower_srs_first' });
        await screenshots(page, `${engine}-screens-settings`);

        await page.getByRole('button', { name: 'Start vacation' }).click();
        await page.getByRole('button', { name: 'End vacation' }).waitFor();
        expect((await get('/vacation')).data.started_at).not.toBeNull();
        await open('/', /Welcome, hana/);
        await page.getByRole('region', { name: 'Vacation' }).getByText('You are on vacation').waitFor();
        await screenshots(page, `${engine}-screens-home-vacation`);
        await page.getByRole('button', { name: 'End vacation' }).click();
        await page.getByText(/Welcome back/).waitFor();
        expect((await get('/vacation')).data.started_at).toBeNull();
      });

      it('advance shows the next tranche with projected times and unlocks it', async () => {
        const unlockable = (await get('/unlockable')).data;
        expect(unlockable.candidates.length).toBeGreaterThan(0);
        await open('/advance', 'Unlock more lessons');
        const list = page.getByRole('list', { name: 'What the next tranche holds' });
        for (const c of unlockable.candidates)
          await list
            .getByRole('link', { name: new RegExp(c.meanings[0].meaning) })
            .first()
            .waitFor();
        // Projected times are shown in the learner's zone (saved by the settings test), not the browser's (UTC here).
        const zone = (await get('/user')).data.timezone;
        expect(zone).not.toBe('UTC');
        const projected = unlockable.candidates.filter((c: { unlocks_at: string | null }) => c.unlocks_at !== null);
        expect(projected.length).toBeGreaterThan(0);
        for (const c of projected) {
          const [inZone, inUtc] = await page.evaluate(
            ([iso, learnerZone]) =>
              [learnerZone, 'UTC'].map((timeZone) =>
                new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)),
              ),
            [c.unlocks_at, zone] as const,
          );
          expect(inZone).not.toBe(inUtc);
          await list.getByText(`would unlock ${inZone}`).first().waitFor();
        }
        await screenshots(page, `${engine}-screens-advance`);
        await page.getByRole('button', { name: /Unlock .* now/ }).click();
        await page.getByText(new RegExp(`Unlocked ${unlockable.candidates.length} new lesson`)).waitFor();
        for (const c of unlockable.candidates)
          expect((await get(`/assignments?subject_ids=${c.subject_id}`)).data[0].data.unlocked_at).not.toBeNull();
        // Now lessons wait, so the next tranche is refused with the reason in words.
        await page.getByText(/You still have lessons waiting/).waitFor();
      });

      it('every control of every screen is reachable with the Tab key alone', async () => {
        const screens: [string, string | RegExp][] = [
          ['/', /Welcome, hana/],
          ['/statistics', 'Statistics'],
          ['/item-spread', 'Item spread'],
          ['/extra-study', 'Extra study'],
          ['/burn-manager', 'Burn manager'],
          ['/advance', 'Unlock more lessons'],
          ['/search', 'Search'],
          ['/subjects/11', /山 mountain/],
          ['/settings', 'Settings'],
        ];
        for (const [path, heading] of screens) {
          await open(path, heading);
          expect(await unreachableByTab(page), path).toEqual([]);
        }
      });

      it('a new account sees empty states on every screen', async () => {
        await createLearner(server.deps, 'newbie');
        await signIn(server, page, 'newbie');
        await page.getByText('No reviews are scheduled in the next 7 days').waitFor();
        await page.getByText('Nothing reviewed yet.').waitFor();
        await screenshots(page, `${engine}-screens-new-home`);
        await open('/statistics', 'Statistics');
        await page.getByText('No study days yet').waitFor();
        await screenshots(page, `${engine}-screens-new-statistics`);
        await open('/item-spread', 'Item spread');
        await page.getByText('Nothing is in your reviews yet').waitFor();
        await open('/burn-manager', 'Burn manager');
        await page.getByText('Nothing is burned yet').waitFor();
        await open('/advance', 'Unlock more lessons');
        await page.getByText(/You still have lessons waiting/).waitFor();
        await screenshots(page, `${engine}-screens-new-advance`);
      });

      it('a learner at level 60 who has opened everything: home, lessons, advance and item spread say so', async () => {
        server.clock.set(new Date().toISOString());
        const sensei = await createLearner(server.deps, 'sensei');
        // Levels 2 to 60 opened, as 59 level-ups would have left them (the content here stops at level 1).
        for (let level = 2; level <= 60; level += 1)
          await insertProgression(server.deps.db.kysely, sensei.userId, level, Date.now(), Date.now());
        // Every lesson started and every tranche opened through the API, until the server answers that
        // nothing more can open.
        for (let round = 0; ; round += 1) {
          expect(round, 'advance never reached the top').toBeLessThan(10);
          const lessons = await server.api(sensei.token, 'GET', '/assignments?immediately_available_for_lessons=true');
          for (const a of lessons.json.data) await server.api(sensei.token, 'PUT', `/assignments/${a.id}/start`);
          const advanced = (await server.api(sensei.token, 'POST', '/advance')).json.data;
          if (advanced.outcome === 'nothing') {
            expect(advanced.reason).toBe('max_level');
            break;
          }
        }
        await signIn(server, page, 'sensei');
        await page.getByText('Level 60').first().waitFor();
        await page.getByText(/the top level/).waitFor();
        await screenshots(page, `${engine}-screens-level-60-home`);
        await open('/advance', 'Unlock more lessons');
        await page.getByText('You are at the top level and everything is unlocked. Nothing more to open.').waitFor();
        expect(await page.getByRole('button', { name: /Unlock .* now/ }).isDisabled()).toBe(true);
        await screenshots(page, `${engine}-screens-level-60-advance`);
        await open('/lessons', 'Lessons');
        await page.getByText(/No lessons are waiting/).waitFor();
        const spread = (await server.api(sensei.token, 'GET', '/item_spread')).json.data;
        await open('/item-spread', 'Item spread');
        const apprentice = spread.buckets.find((b: { label: string }) => b.label === 'Apprentice');
        expect(apprentice.total).toBeGreaterThan(0);
        await page.getByRole('heading', { name: new RegExp(`^Apprentice ${apprentice.total}`) }).waitFor();
        await screenshots(page, `${engine}-screens-level-60-item-spread`);
      });
    },
  );
}
