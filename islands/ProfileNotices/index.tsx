/** Conference notices in the personal centre (spec 2.10 notice): newest first, opened to read. */
import { Collapse, Empty, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { noticeText } from '../shared/notices';
import { formatInstant } from '../../server/contract/conferences';
import type { NoticeView } from '../../server/contract/notices';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { ProfileNoticesProps } from './props';

function Notices({ lang, notices, seenBefore }: ProfileNoticesProps) {
  // Decided from the props alone, so the server's HTML and the browser's agree.
  const isNew = (n: NoticeView) => seenBefore !== undefined && (seenBefore === null || n.time > seenBefore);
  const t = translator(lang);
  if (!notices.length) return <Empty description={t('notices:none')} />;
  return (
    <Collapse
      defaultActiveKey={[String(notices[0].id)]}
      items={notices.map((n) => ({
        key: String(n.id),
        label: (
          <span>
            {isNew(n) ? <Tag color="red">{t('notices:new')}</Tag> : null}
            <strong>{noticeText(n.titleZh, n.titleEn, lang)}</strong>
            <span className="admin-hint">
              {' '}
              · {[noticeText(n.sourceZh, n.sourceEn, lang), formatInstant(n.time)].filter(Boolean).join(' · ')}
            </span>
          </span>
        ),
        children: (
          <div className="notice-body">
            {/* The organisers' own HTML, shown as they wrote it on their own site (like their pages). */}
            <div dangerouslySetInnerHTML={{ __html: noticeText(n.contentZh, n.contentEn, lang) }} />
            {n.file ? (
              <p>
                <a href={n.file.url}>
                  <PaperClipOutlined /> {n.file.originalName}
                </a>
              </p>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

export default function ProfileNotices(props: ProfileNoticesProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Notices {...props} />
    </AntdRoot>
  );
}
