/**
 * The submission form loads when it is first opened (issue 32): with its checks (the contract's
 * zod schemas), fields, country list and uploads it is ~200 KB gzipped that the page showing the
 * call and one's manuscripts does not need. Fetched when the browser is idle after hydration, so
 * "New submission" seldom waits; an `?edit=` link shows a skeleton until it has loaded.
 */
import { Skeleton } from 'antd';
import type { SubmissionForm as Form } from './SubmissionForm';
import { Later, lazyPart, usePreload } from '../shared/lazyPart';

const LazySubmissionForm = lazyPart(() => import('./SubmissionForm').then((m) => m.SubmissionForm));

export function SubmissionForm(props: Parameters<typeof Form>[0]) {
  usePreload(LazySubmissionForm);
  return (
    <Later fallback={<Skeleton active paragraph={{ rows: 6 }} className="submission-form-loading" />}>
      <LazySubmissionForm {...props} />
    </Later>
  );
}
