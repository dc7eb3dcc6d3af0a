import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';

describeEachEngine('ids beyond the 32-bit columns', (t) => {
  it('name nothing instead of failing: 404 by id, no match in a filter, an empty page after them', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    for (const path of ['/api/v1/assignments/99999999999', '/api/v1/subjects/99999999999', '/api/v1/review_statistics/2147483648']) {
      const res = await app.get(path, token);
      expect(res.statusCode, path).toBe(404);
    }
    for (const query of ['ids=99999999999', 'subject_ids=99999999999,-99999999999', 'levels=99999999999']) {
      const res = await app.get(`/api/v1/assignments?${query}`, token);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().total_count).toBe(0);
    }
    expect((await app.get('/api/v1/assignments?ids=1,99999999999', token)).json().total_count).toBe(1);
    const after = await app.get('/api/v1/subjects?page_after_id=99999999999', token);
    expect(after.json().data).toEqual([]);
    const before = await app.get('/api/v1/subjects?page_before_id=99999999999', token);
    expect(before.json().data.map((s: { id: number }) => s.id)).toEqual([1]);
    expect((await app.get('/api/v1/review_statistics?percentages_greater_than=99999999999', token)).statusCode).toBe(200);
  });
});
