/** The book of abstracts at 2 and 4 per page (book.test.ts has 1 per page, and what it says). */
import { describe, it } from 'vitest';
import { checkBookAt } from './bookRead';

describe.each([2, 4] as const)('500 abstracts at %i per page', (perPage) => {
  it(
    'prints every title once, keeps every abstract on its page unless reported, embeds only subsets',
    () => checkBookAt(perPage),
    120_000,
  );
});
