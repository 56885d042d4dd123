/** The manuscript's changes of status, oldest first: when, from what to what, by whom, and the note. */
import { Space, Timeline, Typography } from 'antd';
import type { HistoryEntry } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';
import { formatAt, type T } from '../shared/orders';
import { STATUS_COLORS, StatusTag } from '../ManageSubmissions/tags';

/** antd's Timeline knows a few colour names; the others read as blue. */
const DOT: Record<string, string> = { green: 'green', red: 'red', default: 'gray' };

export function History({ lang, t, history }: { lang: Lang; t: T; history: HistoryEntry[] }) {
  if (!history.length) return <Typography.Text type="secondary">{t('submitManage:detail.noHistory')}</Typography.Text>;
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
              {h.actor ? `: ${h.actor}` : ''}
            </span>
            {h.note && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{h.note}</Typography.Paragraph>}
          </Space>
        ),
      }))}
    />
  );
}
