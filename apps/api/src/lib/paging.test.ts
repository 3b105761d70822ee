import { describe, expect, it } from 'vitest';
import { pageOffset, toPaged } from './paging.ts';

describe('paging', () => {
  it('computes offsets from 1-based pages', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(400, 20)).toBe(7980);
  });

  it('keeps totals on a page past the end and reports at least one page', () => {
    expect(toPaged([], 45, 9, 20)).toEqual({
      data: [],
      current_page: 9,
      last_page: 3,
      per_page: 20,
      total: 45,
    });
    expect(toPaged([], 0, 1, 15)).toMatchObject({ last_page: 1, total: 0 });
  });
});
