/** The submissions' periodic work: rebuilding the books of abstracts that are stale or were asked for. */
import type { JobDefinition } from '../../platform/jobs';
import type { BookService } from './book';

export function submissionJobs(book: BookService): JobDefinition[] {
  return [{ name: 'submissions.books', everyMs: 10_000, leaseMs: 5 * 60_000, run: async () => void (await book.rebuildStale()) }];
}
