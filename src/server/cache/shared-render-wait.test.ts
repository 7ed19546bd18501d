import { describe, expect, it } from 'vitest';
import { withinDeadline } from './shared-render';

describe('withinDeadline: a request waiting for another request’s render never waits without end', () => {
  it('gives the render when it comes in time', async () => {
    await expect(withinDeadline(new Promise<string | null>((resolve) => setTimeout(() => resolve('page'), 5)), 1_000)).resolves.toBe(
      'page',
    );
  });

  it('gives null (render your own) when the other render never ends', async () => {
    const t0 = Date.now();
    await expect(withinDeadline(new Promise<string | null>(() => undefined), 50)).resolves.toBeNull();
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
