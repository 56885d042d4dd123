/**
 * The history of a manuscript's status as a timeline (issue 15), apart from the status tag
 * (submissionStatus.tsx) so that the lists showing tags do not load antd's Timeline (issue 32).
 */
import { Space, Timeline, Typography } from 'antd';
import type { HistoryEntry } from '../../server/contract/submissions';
import type { Lang } from './locale';
import { formatAt, type T } from './orders';
import { STATUS_COLORS, StatusTag } from './submissionStatus';

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
