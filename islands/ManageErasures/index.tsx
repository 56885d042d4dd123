/**
 * The managers' log of erased accounts that had data in their conference (issue 32): when, on
 * whose request, and what stays here and why. A table on a computer, a list on a phone.
 */
import { List, Table, Typography } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import type { ConferenceErasureView } from '../../server/contract/privacy';
import { translator } from '../shared/i18n';
import { keptLines, Readable, StateTag, utcMinute } from '../shared/erasures';
import type { ManageErasuresProps } from './props';

function Erasures({ lang, mobile, rows }: ManageErasuresProps) {
  const t = translator(lang);
  const kept = (r: ConferenceErasureView) => (
    <ul className="plain-list">
      {keptLines(r.kept, t).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
  const state = (r: ConferenceErasureView) => <StateTag state={r.state} label={t(`privacy:state.${r.state}`)} />;
  return (
    <div className="manage-erasures">
      <Typography.Paragraph>{t('privacy:manageIntro')}</Typography.Paragraph>
      {mobile ? (
        <List
          dataSource={rows}
          rowKey="id"
          locale={{ emptyText: t('privacy:manageEmpty') }}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    #{r.userId} · {utcMinute(r.at)} {state(r)}
                  </span>
                }
                description={
                  <>
                    {t(`privacy:origin.${r.origin}`)}
                    {kept(r)}
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('privacy:manageEmpty') }}
          columns={[
            { title: t('privacy:col.account'), key: 'a', width: 90, render: (_, r) => `#${r.userId}` },
            { title: t('privacy:col.when'), key: 'w', width: 180, render: (_, r) => utcMinute(r.at) },
            { title: t('privacy:col.origin'), key: 'o', width: 170, render: (_, r) => t(`privacy:origin.${r.origin}`) },
            { title: t('privacy:col.state'), key: 's', width: 100, render: (_, r) => state(r) },
            { title: t('privacy:col.kept'), key: 'k', render: (_, r) => kept(r) },
          ]}
        />
      )}
    </div>
  );
}

export default function ManageErasures(props: ManageErasuresProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Readable>
        <Erasures {...props} />
      </Readable>
    </AntdRoot>
  );
}
