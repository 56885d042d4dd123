/**
 * The personal centre's downloads (spec 2.10 download): the attendee's badge, invitation letter
 * (in Chinese or English) and ticket, as far as the organisers enabled them, and the payment
 * receipts of their paid orders.
 */
import { Button, Empty } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { documentsApi, type DocumentType } from '../../server/contract/documents';
import { formatInstant } from '../../server/contract/conferences';
import { formatMoney } from '../../server/contract/money';
import { receiptsApi, type ReceiptView } from '../../server/contract/receipts';
import { AntdRoot } from '../shared/AntdRoot';
import { LightList } from '../shared/lightList';
import { urlOf } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { ProfileDownloadsProps } from './props';

const href = (type: DocumentType, lang: Lang) => urlOf(documentsApi.mineFile, { params: { type }, query: { lang } });

const receiptHref = (id: number, lang: Lang) => urlOf(receiptsApi.pdf, { params: { id }, query: { lang } });

/** The payment receipts, each in Chinese or English. */
function Receipts({ lang, mobile, receipts }: { lang: Lang; mobile: boolean; receipts: ReceiptView[] }) {
  const t = translator(lang);
  return (
    <LightList
      header={t('receipts:download.title')}
      items={receipts.map((r) => ({
        key: r.id,
        title: `${t('documents:types.RECEIPT')} ${r.number}`,
        description: t('receipts:download.about', {
          orderNo: r.orderNo,
          amount: formatMoney(r.paid, lang),
          date: formatInstant(r.paidAt).slice(0, 10),
        }),
        actions: [
          <Button key="zh" icon={<DownloadOutlined />} href={receiptHref(r.id, 'zh')} block={mobile}>
            中文
          </Button>,
          <Button key="en" icon={<DownloadOutlined />} href={receiptHref(r.id, 'en')} block={mobile}>
            English
          </Button>,
        ],
      }))}
    />
  );
}

function Downloads(props: ProfileDownloadsProps) {
  const receipts = props.receipts ?? [];
  return (
    <>
      <Documents {...props} />
      {receipts.length > 0 && <Receipts lang={props.lang} mobile={props.mobile} receipts={receipts} />}
    </>
  );
}

function Documents({ lang, mobile, registered, documents, receipts }: ProfileDownloadsProps) {
  const t = translator(lang);
  if (!registered) {
    if (receipts?.length) return null;
    return (
      <Empty description={t('documents:download.notRegistered')}>
        <Button type="primary" href="/conferenceRegister">
          {t('profile.goRegister')}
        </Button>
      </Empty>
    );
  }
  if (!documents.length) return receipts?.length ? null : <Empty description={t('documents:download.none')} />;
  return (
    <LightList
      items={documents.map((type) => ({
        key: type,
        title: t(`documents:types.${type}`),
        description: t(`documents:download.about.${type}`),
        actions:
          type === 'INVITATION' || type === 'CERTIFICATE'
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
              ],
      }))}
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
