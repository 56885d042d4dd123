/** A manuscript's authors, read only: a table on a wide screen, cards on a phone; contact details only when the call asks for them. */
import { Space, Tag } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { AuthorView } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';
import type { T } from '../shared/orderText';
import { countryName } from '../shared/countryName';
import { authorName } from '../shared/submissionLabels';
import { LightTable, type LightColumn } from '../shared/lightTable';

type Props = { lang: Lang; mobile: boolean; t: T; authors: AuthorView[]; contact: boolean };

export function Authors({ lang, mobile, t, authors, contact }: Props) {
  const corresponding = (a: AuthorView) =>
    a.corresponding ? <Tag color="blue">{t('submitAuthor:author.corresponding')}</Tag> : null;
  if (mobile) {
    return (
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {authors.map((a, i) => (
          <Card key={i} size="small">
            <Space orientation="vertical" size={2} style={{ width: '100%', overflowWrap: 'anywhere' }}>
              <Space wrap size={8}>
                <Typography.Text strong>
                  {i + 1}. {authorName(a)}
                </Typography.Text>
                {corresponding(a)}
              </Space>
              {contact && a.email && <span>{a.email}</span>}
              {contact && a.phone && <span>{a.phone}</span>}
              {contact && (a.company || a.country) && (
                <Typography.Text type="secondary">
                  {[a.company, countryName(a.country, lang)].filter(Boolean).join(' · ')}
                </Typography.Text>
              )}
            </Space>
          </Card>
        ))}
      </Space>
    );
  }
  type Row = AuthorView & { n: number };
  const contactColumns: Array<LightColumn<Row>> = [
    { key: 'email', title: t('submitAuthor:author.email'), dataIndex: 'email' },
    { key: 'phone', title: t('submitAuthor:author.phone'), dataIndex: 'phone' },
    { key: 'country', title: t('submitAuthor:author.country'), render: (_, a) => countryName(a.country, lang) },
    { key: 'company', title: t('submitAuthor:author.company'), dataIndex: 'company' },
  ];
  return (
    <LightTable<Row>
      lang={lang}
      rowKey="n"
      size="small"
      dataSource={authors.map((a, i) => ({ ...a, n: i + 1 }))}
      scrollX
      columns={[
        { key: 'n', title: '#', dataIndex: 'n', width: 48 },
        { key: 'name', title: t('submitAuthor:detail.authorName'), render: (_, a) => authorName(a) },
        ...(contact ? contactColumns : []),
        {
          key: 'corresponding',
          title: t('submitAuthor:author.corresponding'),
          render: (_, a) => (a.corresponding ? '✓' : ''),
        },
      ]}
    />
  );
}
