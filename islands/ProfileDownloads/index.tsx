/**
 * The personal centre's downloads (spec 2.10 download): the attendee's badge, invitation letter
 * (in Chinese or English) and ticket, as far as the organisers enabled them.
 */
import { Button, Empty, List, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { documentsApi, type DocumentType } from '../../server/contract/documents';
import { AntdRoot } from '../shared/AntdRoot';
import { urlOf } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';

export type ProfileDownloadsProps = { lang: Lang; mobile: boolean; registered: boolean; documents: DocumentType[] };

const href = (type: DocumentType, lang: Lang) => urlOf(documentsApi.mineFile, { params: { type }, query: { lang } });

function Downloads({ lang, mobile, registered, documents }: ProfileDownloadsProps) {
  const t = translator(lang);
  if (!registered) {
    return (
      <Empty description={t('documents:download.notRegistered')}>
        <Button type="primary" href="/conferenceRegister">
          {t('profile.goRegister')}
        </Button>
      </Empty>
    );
  }
  if (!documents.length) return <Empty description={t('documents:download.none')} />;
  return (
    <List
      dataSource={documents}
      renderItem={(type) => (
        <List.Item
          actions={
            type === 'INVITATION'
              ? [
                  <Button key="zh" icon={<DownloadOutlined />} href={href(type, 'zh')} block={mobile}>
                    中文
                  </Button>,
                  <Button key="en" icon={<DownloadOutlined />} href={href(type, 'en')} block={mobile}>
                    English
                  </Button>,
                ]
              : [
                  <Button key="get" type="primary" icon={<DownloadOutlined />} href={href(type, lang)} block={mobile}>
                    {t('documents:download.get')}
                  </Button>,
                ]
          }
        >
          <List.Item.Meta title={t(`documents:types.${type}`)} description={<Space>{t(`documents:download.about.${type}`)}</Space>} />
        </List.Item>
      )}
    />
  );
}

export default function ProfileDownloads(props: ProfileDownloadsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Downloads {...props} />
    </AntdRoot>
  );
}
