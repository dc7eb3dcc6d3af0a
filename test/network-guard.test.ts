import { expect, it } from 'vitest';

it('refuses connections beyond loopback in tests', async () => {
  const failure = await fetch('http://example.org/').then(
    () => null,
    (error: unknown) => error,
  );
  expect(String((failure as { cause?: unknown }).cause)).toContain('Tests may not connect to example.org');
});
