/**
 * The platform home's "My conferences" panel for a signed-in user: the conferences they manage
 * or created, in any state, with a link to each one's management area, and "Create conference".
 */
import { Button, List, Tag } from 'antd';
import { CREATE_CONFERENCE_PAGE, STATUS_COLORS, STATUS_LABEL_KEYS } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { MyConferencesProps } from './props';

const NS = 'manageConference:';

function Panel({ lang, mobile, conferences }: MyConferencesProps) {
  const t = translator(lang);
  return (
    <section className="panel my-conferences" style={{ marginBottom: mobile ? 12 : 24 }}>
      <header className="panel-header">
        <h2>{t(`${NS}mine.title`)}</h2>
        <Button type="primary" href={CREATE_CONFERENCE_PAGE}>
          {t(`${NS}create.button`)}
        </Button>
      </header>
      <List
        dataSource={conferences}
        locale={{ emptyText: t(`${NS}mine.empty`) }}
        renderItem={(c) => (
          <List.Item
            actions={
              c.url
                ? [
                    <a key="manage" href={c.url}>
                      {t(`${NS}mine.manage`)}
                    </a>,
                  ]
                : []
            }
            extra={
              mobile ? undefined : (
                <Tag color={STATUS_COLORS[c.status]}>{t(STATUS_LABEL_KEYS[c.status] ?? 'manage.status.draft')}</Tag>
              )
            }
          >
            <List.Item.Meta
              title={
                <>
                  {c.url ? <a href={c.url}>{c.name}</a> : c.name}{' '}
                  {c.creator ? <Tag color="blue">{t(`${NS}mine.creator`)}</Tag> : null}
                </>
              }
              description={
                <>
                  {c.domain ?? ''}
                  {mobile ? (
                    <>
                      {' '}
                      <Tag color={STATUS_COLORS[c.status]}>
                        {t(STATUS_LABEL_KEYS[c.status] ?? 'manage.status.draft')}
                      </Tag>
                    </>
                  ) : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}

export default function MyConferences(props: MyConferencesProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Panel {...props} />
    </AntdRoot>
  );
}
