/**
 * "My data" on the platform host (issue 32): the person's export (heavy work with progress, their
 * own: the zip is theirs only) and the erasure of their account, confirmed by a code sent to
 * their address. After the erasure they are signed out and the page says so.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { LightResult } from '../shared/lightResult';
import { AntdRoot } from '../shared/AntdRoot';
import { privacyApi } from '../../server/contract/privacy';
import type { WorkView } from '../../server/contract/work';
import { ApiError, call } from '../shared/api';
import { translator } from '../shared/i18n';
import { WorkProgress } from '../shared/work';
import { useHydrated } from '../shared/hydrated';
import { Readable } from '../shared/erasures';
import type { MyDataProps } from './props';

function MyDataScreen({ lang, email, latest, erasure }: MyDataProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message } = App.useApp();
  const [work, setWork] = useState<WorkView | null>(latest);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [left, setLeft] = useState(0);
  const [erased, setErased] = useState(erasure?.state === 'erasing' || erasure?.state === 'done');
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function prepare() {
    setAsking(true);
    try {
      setWork((await call(privacyApi.exportData)).work);
    } catch (err) {
      fail(err);
    } finally {
      setAsking(false);
    }
  }

  async function sendCode() {
    try {
      const { resendAfterSeconds } = await call(privacyApi.erasureCode);
      setLeft(resendAfterSeconds);
      message.success(t('privacy:codeSent'));
    } catch (err) {
      fail(err);
    }
  }

  async function erase() {
    setBusy(true);
    setCodeError(null);
    try {
      await call(privacyApi.erase, { body: { code } });
      setConfirming(false);
      setErased(true);
    } catch (err) {
      if (err instanceof ApiError && err.field) setCodeError(t(err.messageKey));
      else fail(err);
    } finally {
      setBusy(false);
    }
  }

  if (erased) {
    return (
      <LightResult
        status="success"
        title={t(erasure?.state === 'done' ? 'privacy:erasedNotice' : 'privacy:erasureStarted')}
        extra={<a href="/">{t('privacy:backHome')}</a>}
      />
    );
  }
  const running = work && (work.state === 'queued' || work.state === 'running');
  return (
    <div className="my-data">
      <Typography.Paragraph>{t('privacy:intro')}</Typography.Paragraph>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t('privacy:exportTitle')}</h2>}>
          <Typography.Paragraph>{t('privacy:exportText')}</Typography.Paragraph>
          {work ? <WorkProgress key={work.id} work={work} lang={lang} own onFinished={(w) => setWork(w)} /> : null}
          {work?.state === 'done' ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('privacy:exportReady')}
            </Typography.Paragraph>
          ) : null}
          {!running ? (
            <Button type={work ? 'default' : 'primary'} loading={asking} onClick={prepare}>
              {t(work ? 'privacy:exportAgain' : 'privacy:exportButton')}
            </Button>
          ) : null}
        </Card>
        <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t('privacy:eraseTitle')}</h2>}>
          <Typography.Paragraph>{t('privacy:eraseText')}</Typography.Paragraph>
          <Button danger onClick={() => setConfirming(true)}>
            {t('privacy:eraseStart')}
          </Button>
        </Card>
      </Space>
      <Modal
        open={confirming}
        title={t('privacy:eraseConfirmTitle')}
        onCancel={() => setConfirming(false)}
        forceRender={hydrated}
        footer={[
          <Button key="c" onClick={() => setConfirming(false)}>
            {t('privacy:cancel')}
          </Button>,
          <Button key="e" danger type="primary" loading={busy} disabled={!code.trim()} onClick={erase}>
            {t('privacy:eraseButton')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('privacy:eraseConfirmText', { email })}</Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="erasure-code"
            aria-label={t('privacy:codeLabel')}
            placeholder={t('privacy:codeLabel')}
            value={code}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            status={codeError ? 'error' : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button onClick={sendCode} disabled={left > 0}>
            {left > 0 ? t('privacy:resendIn', { count: left }) : t('privacy:sendCode')}
          </Button>
        </Space.Compact>
        {codeError ? <Alert style={{ marginTop: 8 }} type="error" showIcon message={codeError} /> : null}
      </Modal>
    </div>
  );
}

export default function MyData(props: MyDataProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Readable>
        <MyDataScreen {...props} />
      </Readable>
    </AntdRoot>
  );
}
