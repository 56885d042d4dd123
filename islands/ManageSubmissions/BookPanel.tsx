/**
 * Spec 9 "PDF layout": the cached book of abstracts (what the PDF "(All)" download sends), its
 * rebuild, and the generator's report of the abstracts that did not fit their slot. While a
 * build runs the state is asked again every 3 s, until it ends or the screen closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { SUBMISSION_SCREENS, submissionsApi } from '../../server/contract/submissionsApi';
import { type BookState } from '../../server/contract/submissions';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { formatAt, type T } from '../shared/orderText';
import { useDownload } from './Downloads';
import { fileSize } from '../shared/submissionLabels';
import { failText } from '../shared/submissionErrors';

const POLL_MS = 3000;
const STATE_COLORS: Record<BookState['state'], string> = {
  none: 'default',
  building: 'processing',
  ready: 'green',
  failed: 'red',
};

type Props = { lang: Lang; t: T; book: BookState; onBook: (b: BookState) => void };

/**
 * Asks for the book's state every 3 s while it is being built; stops when the island unmounts.
 * Only a new state restarts the wait (the translator and toasts are read through refs, as they
 * are new objects on every render).
 */
function usePolling(book: BookState, onBook: (b: BookState) => void, t: T) {
  const { message } = App.useApp();
  const warned = useRef(false);
  const latest = useRef({ onBook, t, message });
  latest.current = { onBook, t, message };
  useEffect(() => {
    if (book.state !== 'building') return;
    let stopped = false;
    const timer = setTimeout(async () => {
      const { t: tr, message: toast } = latest.current;
      try {
        const next = await call(submissionsApi.book);
        if (stopped) return;
        warned.current = false;
        if (next.state === 'ready') toast.success(tr('submitManage:book.built'));
        if (next.state === 'failed') toast.error(tr('submitManage:book.buildFailed'));
        latest.current.onBook(next);
      } catch (err) {
        if (stopped) return;
        // One toast for a failing network, not one every 3 s; a copy of the state starts the next wait.
        if (!warned.current) toast.error(failText(err, tr));
        warned.current = true;
        latest.current.onBook({ ...book });
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [book]);
}

export function BookPanel({ lang, t, book, onBook }: Props) {
  const { message } = App.useApp();
  const [rebuilding, setRebuilding] = useState(false);
  const refresh = () => void call(submissionsApi.book).then(onBook, () => undefined);
  const { busy, download } = useDownload(t, refresh);
  usePolling(book, onBook, t);

  async function rebuild() {
    setRebuilding(true);
    try {
      onBook(await call(submissionsApi.buildBook));
      message.success(t('submissions:bookQueued'));
    } catch (err) {
      message.error(failText(err, t));
    } finally {
      setRebuilding(false);
    }
  }

  const built =
    book.state === 'ready' ||
    (book.state === 'building' && !!book.builtAt) ||
    (book.state === 'failed' && !!book.builtAt);
  return (
    <Card title={t('submitManage:book.title')} size="small" style={{ marginTop: 24 }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>
          <Tag color={STATE_COLORS[book.state]}>{t(`submitManage:book.state.${book.state}`)}</Tag>
        </div>
        <Typography.Text type="secondary">{t(`submitManage:book.hint.${book.state}`)}</Typography.Text>
        {book.stale && <Alert type="warning" showIcon title={t('submitManage:book.stale')} />}
        {built && (
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'builtAt', label: t('submitManage:book.builtAt'), children: formatAt(book.builtAt, lang) || '—' },
              { key: 'pages', label: t('submitManage:book.pages'), children: book.pages },
              { key: 'bytes', label: t('submitManage:book.size'), children: fileSize(book.bytes) },
              { key: 'lang', label: t('submitManage:book.lang'), children: t(`submitManage:book.langs.${book.lang}`) },
            ]}
          />
        )}
        <Space wrap>
          <Button type="primary" onClick={rebuild} loading={rebuilding} disabled={book.state === 'building'}>
            {t('submitManage:book.rebuild')}
          </Button>
          <Button onClick={() => download('pdf', { filter: {} })} loading={busy} disabled={book.state !== 'ready'}>
            {t('submitManage:book.download')}
          </Button>
        </Space>
        {book.state === 'ready' && <Moves t={t} moves={book.moves} />}
      </Space>
    </Card>
  );
}

function Moves({ t, moves }: { t: T; moves: BookState['moves'] }) {
  const layout = <a href={SUBMISSION_SCREENS.config}>{t('submitManage:book.layoutLink')}</a>;
  if (!moves.length) {
    return <Alert type="success" showIcon title={t('submitManage:book.allFitted')} description={layout} />;
  }
  return (
    <>
      <Typography.Title level={5} style={{ marginBottom: 0 }}>
        {t('submitManage:book.report', { n: moves.length })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('submitManage:book.movesIntro')}
      </Typography.Paragraph>
      <div>{layout}</div>
      <ol className="submission-moves" style={{ margin: 0, paddingInlineStart: 20, overflowWrap: 'anywhere' }}>
        {moves.map((m) => (
          <li key={m.id} style={{ padding: '4px 0' }}>
            <Space wrap size={[8, 2]}>
              <Typography.Text strong>{m.number}</Typography.Text>
              <span>{m.title}</span>
              <Tag>{t(`submissions:move.${m.action}`)}</Tag>
            </Space>
          </li>
        ))}
      </ol>
    </>
  );
}
