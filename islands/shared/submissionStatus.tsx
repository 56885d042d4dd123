/**
 * A manuscript's status as the author's and the managers' screens show it (issue 15): a coloured
 * tag here, and the history of its changes as a timeline (statusHistory.tsx: antd's Timeline, only
 * on the pages that show a history, issue 32). One place, so both sides colour and word a status alike.
 */
import { Tag } from 'antd';
import type { SubmissionStatus } from '../../server/contract/submissions';
import type { T } from './orderText';

export const STATUS_COLORS: Record<SubmissionStatus, string> = {
  waiting: 'blue',
  assigned: 'cyan',
  accepted: 'green',
  rejected: 'red',
  returned: 'orange',
  resubmitted: 'purple',
  withdrawn: 'default',
};

export function StatusTag({ status, t }: { status: SubmissionStatus; t: T }) {
  return <Tag color={STATUS_COLORS[status]}>{t(`submissions:status.${status}`)}</Tag>;
}
