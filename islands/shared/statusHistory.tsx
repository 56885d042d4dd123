/**
 * The history of a manuscript's status as a timeline (issue 15), apart from the status tag
 * (submissionStatus.tsx). Drawn like antd's Timeline (`lh-*` in public/app.css) without it: antd's
 * Timeline is built on its Steps (~10 KB gzipped, issue 32).
 */
import { Space } from 'antd';
import { LightTypography as Typography } from './lightText';
import type { HistoryEntry } from '../../server/contract/submissions';
import type { Lang } from './locale';
import { formatAt, type T } from './orderText';
import { STATUS_COLORS, StatusTag } from './submissionStatus';

/** The dot's colour by the status tag's: a few have their own, the others are blue (as antd's Timeline drew them). */
const DOT: Record<string, string> = { green: 'lh-green', red: 'lh-red', default: 'lh-gray' };

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
    <ol className="lh-timeline">
      {entries.map((h, i) => (
        <li key={i} className={`lh-item ${DOT[STATUS_COLORS[h.to]] ?? 'lh-blue'}`}>
          <span className="lh-dot" aria-hidden="true" />
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
            {h.note && (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{h.note}</Typography.Paragraph>
            )}
          </Space>
        </li>
      ))}
    </ol>
  );
}
