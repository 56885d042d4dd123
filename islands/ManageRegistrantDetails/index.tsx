/**
 * One registrant (spec 2.12 manage/userDetails): who they are, every answer, their files (each
 * downloaded through a single-use token in a new tab), edit and delete.
 */
import { App, Button, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import type { RegistrantFile } from '../../server/contract/registrants';
import { registrationApi } from '../../server/contract/registration';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { openFiles } from '../shared/download';
import { translator } from '../shared/i18n';
import { fileSize as size } from '../shared/fileSize';
import type { ManageRegistrantDetailsProps } from './props';

function Details({ lang, mobile, details }: ManageRegistrantDetailsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const allFiles = details.answers.flatMap((a) => a.files.map((f) => ({ ...f, field: a.field })));
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  async function download(files: Array<RegistrantFile & { field: string }>) {
    try {
      const { token } = await call(registrationApi.downloadToken);
      await openFiles(
        files.map((f) => ({ name: f.name, field: f.field })),
        token,
      );
    } catch (err) {
      fail(err);
    }
  }

  async function remove() {
    try {
      await call(registrationApi.remove, { query: { id: details.id } });
      message.success(t('registration:deleted'));
      location.assign('/platform/manage/user');
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div className="registrant-details">
      <Descriptions
        bordered
        size="small"
        column={mobile ? 1 : 2}
        items={[
          { key: 'name', label: t('manageRegistration:name'), children: details.name || '—' },
          { key: 'code', label: t('manageRegistration:code'), children: details.code },
          { key: 'email', label: t('manageRegistration:email'), children: details.email },
          { key: 'version', label: t('registration:version'), children: details.version },
          { key: 'time', label: t('manageRegistration:registeredAt'), children: formatInstant(details.createTime) },
          {
            key: 'by',
            label: t('manageRegistration:addedBy'),
            children: details.addedBy ? <Tag>{details.addedBy}</Tag> : t('manageRegistration:self'),
          },
        ]}
      />
      <h3 className="register-section">{t('manageRegistration:answers')}</h3>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={details.answers.map((a) => ({
          key: a.field,
          label: a.title,
          children: a.files.length ? (
            <Space direction="vertical" size={2}>
              {a.files.map((f) => (
                <a key={f.name} role="button" onClick={() => download([{ ...f, field: a.field }])}>
                  {f.originalName} <span className="admin-hint">({size(f.size)})</span>
                </a>
              ))}
            </Space>
          ) : (
            // Participants' text, shown as text.
            <span style={{ whiteSpace: 'pre-wrap' }}>{a.value || '—'}</span>
          ),
        }))}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Button type="primary" href={`/platform/manage/user/edit?uid=${details.id}`}>
          {t('manageRegistration:edit')}
        </Button>
        {allFiles.length > 1 ? (
          <Button onClick={() => download(allFiles)}>{t('manageRegistration:downloadAll')}</Button>
        ) : null}
        <Popconfirm
          title={t('manageRegistration:confirmDelete', { name: details.name || details.email })}
          onConfirm={remove}
          okText={t('manageRegistration:delete')}
          cancelText={t('profile.cancel')}
        >
          <Button danger>{t('manageRegistration:delete')}</Button>
        </Popconfirm>
        <Button href="/platform/manage/user">{t('manageRegistration:backToList')}</Button>
      </Space>
    </div>
  );
}

export default function ManageRegistrantDetails(props: ManageRegistrantDetailsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Details {...props} />
    </AntdRoot>
  );
}
