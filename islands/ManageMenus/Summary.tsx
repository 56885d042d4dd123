/** One menu item as the editor lists it, on the tree and on the phone's list. */
import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { ExportOutlined, FileTextOutlined, LinkOutlined } from '@ant-design/icons';
import type { MenuEditNode } from '../../server/contract/menus';
import { IconPreview } from './ItemForm';
import { hiddenByParent } from './moves';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export /** Title, icon (with its classes as a tag: the site's CSS is not loaded here), new window, link, hidden mark. */
function Summary({ t, tree, node }: { t: Translate; tree: MenuEditNode[]; node: MenuEditNode }) {
  let link: ReactNode;
  if (node.pageId !== null) {
    link =
      node.pageName === null ? (
        <Tag color="error">{t('manageMenus:pageMissing')}</Tag>
      ) : (
        <Typography.Text type="secondary">
          <FileTextOutlined /> {node.pageName}
        </Typography.Text>
      );
  } else if (node.href) {
    link = (
      <Typography.Text type="secondary" style={{ maxWidth: 320 }} ellipsis={{ tooltip: node.href }}>
        <LinkOutlined /> {node.href}
      </Typography.Text>
    );
  } else {
    link = (
      <Typography.Text type="secondary" italic>
        {t('manageMenus:noLink')}
      </Typography.Text>
    );
  }
  return (
    <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
      <IconPreview icon={node.icon} />
      <Typography.Text strong delete={false} type={node.published ? undefined : 'secondary'}>
        {node.title}
      </Typography.Text>
      {node.icon ? <Tag style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>{node.icon}</Tag> : null}
      {node.newWindow ? (
        <Tag icon={<ExportOutlined />} style={{ marginInlineEnd: 0 }}>
          {t('manageMenus:newWindow')}
        </Tag>
      ) : null}
      {link}
      {node.published && hiddenByParent(tree, node.id) ? (
        <Tag color="warning">{t('manageMenus:hiddenByParent')}</Tag>
      ) : null}
    </Flex>
  );
}
