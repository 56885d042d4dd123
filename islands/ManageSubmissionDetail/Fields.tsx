/**
 * Everything the author sent, as the manager reads it: the choices in the page's language, the
 * abstract as plain text (never as HTML), the files as links to the manager's download, the
 * authors (a table on a computer, cards on a phone) and who submitted when.
 */
import { Descriptions, Space, Tag, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type AuthorView, type FileView, type ManageRow } from '../../server/contract/submissions';
import { urlOf } from '../shared/api';
import { DeclaredConflicts } from '../shared/DeclaredConflicts';
import { countryName } from '../shared/countryName';
import type { Lang } from '../shared/locale';
import { LightTable } from '../shared/lightTable';
import { formatAt, type T } from '../shared/orderText';
import { authorName, fileSize, type Names } from '../shared/submissionLabels';

type Slot = 'abstractFile' | 'fullTextFile';
type Props = { lang: Lang; mobile: boolean; t: T; names: Names; s: ManageRow };

const WRAP = { overflowWrap: 'anywhere' } as const;

function FileLink({ id, slot, file, t }: { id: number; slot: Slot; file: FileView | null; t: T }) {
  if (!file) return <Typography.Text type="secondary">{t('submitManage:detail.noFile')}</Typography.Text>;
  return (
    <a href={urlOf(submissionsApi.managerFile, { params: { id, slot } })} download={file.originalName} style={WRAP}>
      {file.originalName} <span className="admin-hint">({fileSize(file.size)})</span>
    </a>
  );
}

export function Fields({ lang, mobile, t, names, s }: Props) {
  const f = (key: string) => t(`submitManage:detail.${key}`);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={mobile ? 1 : 2}
        style={WRAP}
        items={[
          { key: 'number', label: f('number'), children: s.number },
          { key: 'session', label: f('session'), children: names.session(s.sessionId) },
          ...(s.subSessionId != null
            ? [{ key: 'subSession', label: f('subSession'), children: names.session(s.subSessionId) }]
            : []),
          ...(names.hasReportTypes || s.reportTypeId != null
            ? [{ key: 'reportType', label: f('reportType'), children: names.reportType(s.reportTypeId) }]
            : []),
          ...(names.hasCategories || s.categoryId != null
            ? [{ key: 'category', label: f('category'), children: names.category(s.categoryId) }]
            : []),
          { key: 'keywords', label: f('keywords'), children: s.keywords || '—' },
          {
            key: 'abstractFile',
            label: f('abstractFile'),
            children: <FileLink id={s.id} slot="abstractFile" file={s.abstractFile} t={t} />,
          },
          {
            key: 'fullTextFile',
            label: f('fullTextFile'),
            children: <FileLink id={s.id} slot="fullTextFile" file={s.fullTextFile} t={t} />,
          },
          {
            key: 'submitter',
            label: f('submitter'),
            children: (
              <>
                {s.submitter || '—'} <Typography.Text type="secondary">{s.submitterEmail}</Typography.Text>
              </>
            ),
          },
          { key: 'submittedAt', label: f('submittedAt'), children: formatAt(s.submittedAt, lang) },
          { key: 'updatedAt', label: f('updatedAt'), children: formatAt(s.updatedAt, lang) },
        ]}
      />
      <section>
        <Typography.Title level={5}>{f('abstract')}</Typography.Title>
        {s.abstract.trim() ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', ...WRAP }}>{s.abstract}</Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{f('noAbstract')}</Typography.Text>
        )}
      </section>
      <section>
        <Typography.Title level={5}>{f('authors')}</Typography.Title>
        <Authors lang={lang} mobile={mobile} t={t} authors={s.authors} />
      </section>
      {s.conflicts.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('submitAuthor:conflicts.declared')}</Typography.Title>
          <DeclaredConflicts conflicts={s.conflicts} />
        </section>
      )}
    </Space>
  );
}

function Authors({ lang, mobile, t, authors }: { lang: Lang; mobile: boolean; t: T; authors: AuthorView[] }) {
  const f = (key: string) => t(`submitManage:detail.author.${key}`);
  const corresponding = <Tag color="blue">{f('corresponding')}</Tag>;
  if (mobile) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {authors.map((a, i) => (
          <Card
            key={i}
            size="small"
            title={`${i + 1}. ${authorName(a)}`}
            extra={a.corresponding ? corresponding : null}
            style={WRAP}
          >
            {a.email && (
              <div>
                {f('email')}: {a.email}
              </div>
            )}
            {a.phone && (
              <div>
                {f('phone')}: {a.phone}
              </div>
            )}
            {a.country && (
              <div>
                {f('country')}: {countryName(a.country, lang)}
              </div>
            )}
            {a.company && (
              <div>
                {f('company')}: {a.company}
              </div>
            )}
          </Card>
        ))}
      </Space>
    );
  }
  const shown = (v: string) => v || '—';
  return (
    <LightTable<AuthorView & { position: number }>
      lang={lang}
      rowKey="position"
      size="small"
      scrollX
      dataSource={authors.map((a, i) => ({ ...a, position: i + 1 }))}
      columns={[
        { title: '#', dataIndex: 'position', key: 'position', width: 48 },
        { title: f('name'), key: 'name', render: (_, a) => authorName(a) },
        { title: f('email'), key: 'email', render: (_, a) => shown(a.email) },
        { title: f('phone'), key: 'phone', render: (_, a) => shown(a.phone) },
        { title: f('country'), key: 'country', render: (_, a) => (a.country ? countryName(a.country, lang) : '—') },
        { title: f('company'), key: 'company', render: (_, a) => shown(a.company) },
        { title: f('corresponding'), key: 'corresponding', render: (_, a) => (a.corresponding ? corresponding : '') },
      ]}
    />
  );
}
