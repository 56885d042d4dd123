/**
 * Heavy work in the browser (server/contract/work.ts): a request answered 202 `{ work }` is
 * followed here. `WorkProgress` polls the work every second and shows its bar, what it is doing
 * and its place in the queue; `showWork` (workDialog.tsx, used by downloadPost) opens it in a
 * dialog and starts the download when the file is ready. The dialog may be closed: asking again joins the same
 * work, and the finished file is kept until its data changes.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Progress } from 'antd';
import { workApi, type WorkView } from '../../server/contract/work';
import { ApiError, call } from './api';
import { translator } from './i18n';
import type { Lang } from './locale';
import { downloadWorkFile } from './workDownload';

// The dialog lives in workDialog.tsx and the download in workDownload.ts (every island's root mounts the dialog; this
// bar with antd's Progress and Alert loads only when a piece of work is shown).

const POLL_MS = 1000;

const ended = (w: WorkView) => w.state === 'done' || w.state === 'failed';

/** `own`: the person's own work on the platform host (their data export), followed through its own calls. */
export function WorkProgress({
  work,
  lang,
  onFinished,
  own = false,
}: {
  work: WorkView;
  lang: Lang;
  onFinished?: (w: WorkView) => void;
  own?: boolean;
}) {
  const t = translator(lang);
  const [view, setView] = useState(work);
  const [lost, setLost] = useState<string | null>(null);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (current: WorkView) => {
      if (stop) return;
      if (ended(current)) return onFinished?.(current);
      timer = setTimeout(async () => {
        try {
          const next = await call(own ? workApi.ownView : workApi.view, { params: { id: current.id } });
          if (stop) return;
          setView(next);
          void poll(next);
        } catch (err) {
          // The network dropped or the work was swept: say so and stop polling.
          if (!stop) setLost(err instanceof ApiError ? err.message : 'commonMsg.serverError');
        }
      }, POLL_MS);
    };
    void poll(work);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
    // One poll per piece of work (keyed by its id); onFinished is read when it ends.
  }, [work.id]);

  const percent =
    view.state === 'done' ? 100 : view.total > 0 ? Math.min(99, Math.floor((view.done / view.total) * 100)) : 0;
  const queued =
    view.state === 'queued'
      ? view.position > 0
        ? t('work:queued', { count: view.position })
        : t('work:queuedNext')
      : null;
  return (
    <div className="work-progress" role="status" aria-live="polite">
      <Progress
        percent={percent}
        status={view.state === 'failed' ? 'exception' : view.state === 'done' ? 'success' : 'active'}
      />
      <p className="work-progress-stage">
        {queued ?? t(view.stage)}
        {view.state === 'running' && view.total > 0 ? ` · ${view.done} / ${view.total}` : ''}
      </p>
      {view.state === 'failed' ? (
        <Alert type="error" showIcon message={t(view.error ?? 'work:failed', view.errorParams ?? {})} />
      ) : null}
      {lost ? <Alert type="error" showIcon message={t(lost)} /> : null}
      {view.state === 'done' && view.fileName ? (
        <Button type="primary" onClick={() => downloadWorkFile(view, own)}>
          {t('work:download')} {view.fileName}
        </Button>
      ) : null}
      {!ended(view) ? <p className="work-progress-hint">{t('work:leaveHint')}</p> : null}
    </div>
  );
}
