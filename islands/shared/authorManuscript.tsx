/**
 * What the author's two screens (ProfileSubmission, the list with the form, and
 * ProfileSubmissionDetails, a manuscript's details) share: the file links and the withdrawal with
 * its confirmation; the names of choices and people are the managers' too (submissionLabels.ts).
 */
import type { App } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type FileView, type SubmissionView } from '../../server/contract/submissions';
import { call, urlOf } from './api';
import { errorText, type T } from './orderText';
import { fileSize } from './fileSize';

export type Slot = 'abstractFile' | 'fullTextFile';

const NONE = '—';

/** The author's own saved file, as a download link with its original name and size. */
export function FileLink({ id, slot, file }: { id: number; slot: Slot; file: FileView | null }) {
  if (!file) return <>{NONE}</>;
  return (
    <a href={urlOf(submissionsApi.file, { params: { id, slot } })} style={{ overflowWrap: 'anywhere' }}>
      {file.originalName} ({fileSize(file.size)})
    </a>
  );
}

/** Asks, then withdraws the manuscript; `done` gets the manuscript as it is now. */
export function confirmWithdraw(
  app: ReturnType<typeof App.useApp>,
  t: T,
  s: SubmissionView,
  done: (s: SubmissionView) => unknown,
): void {
  app.modal.confirm({
    title: t('submissions:action.withdraw'),
    content: t('submitAuthor:confirmWithdraw', { number: s.number, title: s.title }),
    okText: t('submissions:action.withdraw'),
    okButtonProps: { danger: true },
    cancelText: t('submitAuthor:keep'),
    onOk: async () => {
      try {
        const now = await call(submissionsApi.withdraw, { params: { id: s.id } });
        app.message.success(t('submissions:withdrawn'));
        await done(now);
      } catch (err) {
        app.message.error(errorText(err, t));
      }
    },
  });
}
