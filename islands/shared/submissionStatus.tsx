/**
 * A manuscript's status as the author's and the managers' screens show it (issue 15): a coloured
 * tag, and the history of its changes as a timeline. One place, so both sides colour and word a
 * status alike.
 */
import { Space, Tag, Timeline, Typography } from 'antd';
import type { HistoryEntry, SubmissionStatus } from '../../server/contract/submissions';
import type { Lang } from './locale';
import { formatAt, type T } from './orders';

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

/** antd's Timeline knows a few colour names; the others read as blue. */
const DOT: Record<string, string> = { green: 'green', red: 'red', default: 'gray' };

type Props = {
  lang: Lang;
  t: T;
  history: HistoryEntry[];
  /** what an empty history says */
  empty: string;
  /** managers see who changed it; an author sees only "manager" (a manager's name is not theirs to know) */
  showActor: boolean;
};

/** The changes of status, oldest first: when, from what to what, by whom, and the note. */
export function StatusHistory({ lang, t, history, empty, showActor }: Props) {
  if (!history.length) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  const entries = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Timeline
      items={entries.map((h, i) => ({
        key: i,
        color: DOT[STATUS_COLORS[h.to]] ?? 'blue',
        content: (
          <Space orientation="vertical" size={2} style={{ overflowWrap: 'anywhere' }}>
            <Typography.Text type="secondary">{formatAt(h.at, lang)}</Typography.Text>
            <Space wrap size={4}>
              {h.from && (
                <>
                  <StatusTag status={h.from} t={t} />
                  <span>→</span>
                </>
              )}
              <StatusTag status={h.to} t={t} />
            </Space>
            <span>
              {t(`submissions:by.${h.by}`)}
              {showActor && h.actor ? `: ${h.actor}` : ''}
            </span>
            {h.note && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{h.note}</Typography.Paragraph>}
          </Space>
        ),
      }))}
    />
  );
}
