/** An author's declared conflicts of interest, one line each: the e-mail and the institution given. */
import { List, Typography } from 'antd';
import type { DeclaredConflict } from '../../server/contract/submissions';

export function DeclaredConflicts({ conflicts }: { conflicts: DeclaredConflict[] }) {
  return (
    <List
      size="small"
      dataSource={conflicts}
      renderItem={(c) => (
        <List.Item style={{ overflowWrap: 'anywhere' }}>
          {[c.email, c.organisation].filter(Boolean).join(' · ')}
        </List.Item>
      )}
      locale={{ emptyText: <Typography.Text type="secondary">—</Typography.Text> }}
    />
  );
}
