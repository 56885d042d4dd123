/**
 * A reviewer declares a conflict of interest with the manuscript from its review screen
 * (docs/review.md "Conflicts"): a short confirmation with an optional note for the organisers.
 * An unstarted review then leaves the reviewer (the manuscript goes back to the allocation); a
 * started one stays for the organisers to end. Either way the pair is never assigned again.
 */
import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { LightTextArea } from '../shared/lightInputs';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import { allocationApi } from '../../server/contract/allocation';
import { REVIEW_SCREENS } from '../../server/contract/review';
import { call } from '../shared/api';
import { errorText, type T } from '../shared/orderText';

type Props = { t: T; mobile: boolean; submissionId: number; started: boolean };

export function DeclareConflict({ t, mobile, submissionId, started }: Props) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function declare() {
    setBusy(true);
    try {
      await call(allocationApi.declare, { body: { submissionId, note } });
      message.success(t(started ? 'reviewing:conflict.declaredStarted' : 'allocation:declared'));
      setTimeout(() => location.assign(REVIEW_SCREENS.reviewerHome), 1500);
    } catch (err) {
      message.error(errorText(err, t));
      setBusy(false);
    }
  }

  return (
    <Card size="small" title={t('reviewing:conflict.title')} className="review-conflict">
      <Typography.Paragraph type="secondary">{t('reviewing:conflict.intro')}</Typography.Paragraph>
      {open ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <label htmlFor="conflict-note">{t('reviewing:conflict.note')}</label>
          <div style={{ marginBottom: 20 }}>
            <LightTextArea
              id="conflict-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
              showCount
              minRows={2}
              maxRows={6}
            />
          </div>
          <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
            <Button danger type="primary" block={mobile} loading={busy} onClick={() => void declare()}>
              {t('reviewing:conflict.confirm')}
            </Button>
            <Button block={mobile} disabled={busy} onClick={() => setOpen(false)}>
              {t('reviewing:form.cancel')}
            </Button>
          </Space>
        </Space>
      ) : (
        <Button danger block={mobile} onClick={() => setOpen(true)}>
          {t('reviewing:conflict.declare')}
        </Button>
      )}
    </Card>
  );
}
