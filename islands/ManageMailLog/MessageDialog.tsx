/**
 * One message of the log, opened (issue 18): every recipient, the subject, when it went, and the
 * message as sent. The message is shown in a sandboxed frame (no scripts, no same origin): it is
 * HTML the platform wrote, and the frame keeps its styles out of the screen's.
 */
import { Descriptions, Modal, Typography } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import type { MailLogMessage } from '../../server/contract/mail';
import type { T } from '../shared/i18n';

const list = (addresses: string[]) =>
  addresses.length ? <Typography.Text style={{ wordBreak: 'break-all' }}>{addresses.join(', ')}</Typography.Text> : '—';

export function MessageDialog({
  t,
  message,
  onClose,
  mobile,
}: {
  t: T;
  message: MailLogMessage | null;
  onClose: () => void;
  mobile: boolean;
}) {
  return (
    <Modal
      open={message !== null}
      title={message?.subject}
      footer={null}
      onCancel={onClose}
      width={mobile ? '100%' : 760}
      destroyOnHidden
    >
      {message && (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('mail:log.recipients')}>{list(message.toList)}</Descriptions.Item>
            {message.bccList.length > 0 && (
              <Descriptions.Item label={t('mail:log.bcc')}>{list(message.bccList)}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('mail:log.time')}>{formatInstant(message.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('mail:log.sentAt')}>
              {message.sentAt ? formatInstant(message.sentAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('mail:log.status')}>
              {t(`mail:status.${message.status}`)}
              {message.lastError ? ` · ${t(message.lastError)}` : ''}
            </Descriptions.Item>
          </Descriptions>
          {message.withheld ? (
            <Typography.Paragraph type="secondary">{t('mail:log.withheld')}</Typography.Paragraph>
          ) : message.html ? (
            <iframe
              title={t('mail:log.message')}
              sandbox=""
              srcDoc={message.html}
              style={{ width: '100%', height: 360, border: '1px solid #eee', borderRadius: 6, background: '#fff' }}
            />
          ) : (
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</pre>
          )}
        </>
      )}
    </Modal>
  );
}
