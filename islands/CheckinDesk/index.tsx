/**
 * The check-in desk (issue 33), phone first: the camera reads the QR code of a badge or ticket
 * (scanner.ts) or staff type a registration number or a name; the person is shown in large type,
 * green or red, with a sound; one tap checks in. Offline, scans are queued on the device
 * (queue.ts) and synced when the connection is back; the server settles conflicts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Input, List, Select, Space, Tag } from 'antd';
import { checkinApi, type PersonCard as Person, type ScanOutcome } from '../../server/contract/checkin';
import { AntdRoot } from '../shared/AntdRoot';
import { ApiError, call, urlOf } from '../shared/api';
import { translator } from '../shared/i18n';
import { PersonCard, TONES, toneOf } from './PersonCard';
import { keepForOffline } from './offline';
import { enqueue, forget, queued, saveDesk, savedDesk } from './queue';
import { beep, frameReader, unlockSound, watch } from './scanner';
import type { CheckinDeskProps } from './props';

/** When a camera frame was taken, decoded, and its person answered by the server (performance.now()). */
type Timing = { frame: number; decoded: number; answered: number };

/** A request that never reached the server (ApiError 0): the desk is offline. */
const isOffline = (err: unknown) => err instanceof ApiError && err.status === 0;

type Shown =
  | { kind: 'person'; person: Person; headline: string; readAt: Timing | null; fresh?: boolean }
  | { kind: 'unknown'; code: string }
  | { kind: 'queued'; code: string }
  | { kind: 'offlineCode'; code: string }
  | { kind: 'matches'; matches: Array<{ registrantId: number; code: string; name: string; unit: string }> };

function Desk({ lang, desks, conferenceId }: CheckinDeskProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [deskId, setDeskId] = useState<number | null>(null);
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'unavailable'>('off');
  const [reader, setReader] = useState('');
  // the service worker keeps the page for a reopening without connection (offline.ts)
  const [offlineReady, setOfflineReady] = useState(false);
  useEffect(() => keepForOffline(() => setOfflineReady(true)), []);
  const video = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  useEffect(() => {
    const saved = savedDesk(conferenceId);
    setDeskId(saved && desks.some((d) => d.id === saved) ? saved : (desks[0]?.id ?? null));
    setPending(queued(conferenceId).length);
    setOnline(navigator.onLine);
  }, [conferenceId, desks]);

  const showPerson = useCallback((person: Person, headline: string, readAt: Timing | null, fresh = false) => {
    setShown({ kind: 'person', person, headline, readAt, fresh });
    // After the card is drawn: the sound must not hold the colour back.
    requestAnimationFrame(() => beep(toneOf(person) === 'green'));
  }, []);

  const headlineOf = (p: Person) =>
    p.checkin
      ? t('checkin:desk.checkedIn')
      : p.payment.state === 'unpaid'
        ? t('checkin:desk.unpaidShort')
        : t('checkin:desk.registered');

  /** A code read by the camera or typed: who it is, or (offline) the code to queue. */
  const lookUp = useCallback(
    async (input: { code?: string; q?: string }, read: { frame: number; decoded: number } | null) => {
      try {
        const found = await call(checkinApi.lookup, { query: input });
        setOnline(true);
        if (found.person)
          showPerson(found.person, headlineOf(found.person), read ? { ...read, answered: performance.now() } : null);
        else if (found.matches.length) setShown({ kind: 'matches', matches: found.matches });
        else {
          setShown({ kind: 'unknown', code: input.code ?? input.q ?? '' });
          beep(false);
        }
      } catch (err) {
        if (!isOffline(err)) return fail(err);
        setOnline(false);
        setShown({ kind: 'offlineCode', code: input.code ?? input.q ?? '' });
      }
    },
    [showPerson],
  );

  const queueScan = (code: string) => {
    enqueue(conferenceId, { code, deskId });
    setPending(queued(conferenceId).length);
    setShown({ kind: 'queued', code });
    beep(true);
  };

  const sync = useCallback(async () => {
    const scans = queued(conferenceId);
    if (!scans.length) return;
    try {
      const results = await call(checkinApi.sync, { body: { scans: scans.slice(0, 500) } });
      forget(conferenceId, new Set(results.map((r) => r.clientRef ?? '')));
      setOnline(true);
      setPending(queued(conferenceId).length);
      message.success(t('checkin:desk.synced', { count: results.length }));
    } catch (err) {
      if (isOffline(err)) setOnline(false);
    }
  }, [conferenceId, message, t]);

  // Back online: the browser says so, and every few seconds the queue is tried again.
  useEffect(() => {
    const up = () => void sync();
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => {
      if (queued(conferenceId).length && navigator.onLine) void sync();
    }, 5000);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [conferenceId, sync]);

  const outcomeText = (outcome: ScanOutcome) =>
    outcome === 'superseded'
      ? t('checkin:desk.superseded')
      : outcome === 'stale'
        ? t('checkin:desk.stale')
        : outcome === 'checkedIn'
          ? t('checkin:desk.checkedIn')
          : '';

  async function checkIn(person: Person) {
    setBusy(true);
    try {
      const result = await call(checkinApi.checkin, { body: { registrantId: person.registrantId, deskId } });
      if (result.person)
        showPerson(
          result.person,
          result.outcome === 'checkedIn'
            ? t('checkin:desk.checkedIn')
            : outcomeText(result.outcome) || t('checkin:desk.checkedIn'),
          null,
          result.outcome === 'checkedIn',
        );
    } catch (err) {
      if (isOffline(err)) {
        setOnline(false);
        queueScan(person.code);
      } else fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function act(endpoint: typeof checkinApi.undo | typeof checkinApi.pay, person: Person) {
    setBusy(true);
    try {
      const body =
        endpoint === checkinApi.pay
          ? { registrantId: person.registrantId, orderId: person.payment.orderId ?? 0 }
          : { registrantId: person.registrantId, deskId };
      const next = await call(endpoint as typeof checkinApi.undo, {
        body: body as { registrantId: number; deskId: number | null },
      });
      showPerson(next, endpoint === checkinApi.pay ? t('checkin:desk.paidOk') : t('checkin:undone'), null);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function startCamera() {
    unlockSound();
    setCamera('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const v = video.current!;
      v.srcObject = stream;
      await v.play();
      const { read, kind } = await frameReader();
      setReader(kind);
      setCamera('on');
      const stopWatching = watch(v, read, (code, frame, decoded) => void lookUp({ code }, { frame, decoded }));
      stopRef.current = () => {
        stopWatching();
        stream.getTracks().forEach((track) => track.stop());
        v.srcObject = null;
      };
    } catch {
      setCamera('unavailable');
    }
  }

  function stopCamera() {
    stopRef.current?.();
    stopRef.current = null;
    setCamera('off');
  }
  useEffect(() => () => stopRef.current?.(), []);

  // How long from the camera frame to the person drawn (the issue asks for 300 ms at most), and its parts.
  useEffect(() => {
    if (shown?.kind !== 'person' || !shown.readAt) return;
    const { frame, decoded, answered } = shown.readAt;
    const card = document.querySelector<HTMLElement>('.checkin-card');
    card?.setAttribute('data-scan-ms', String(Math.round(performance.now() - frame)));
    card?.setAttribute(
      'data-scan-parts',
      `decode ${Math.round(decoded - frame)} ms, server ${Math.round(answered - decoded)} ms, drawing ${Math.round(performance.now() - answered)} ms`,
    );
  }, [shown]);

  const card = (tone: keyof typeof TONES, title: string, body: string, extra?: React.ReactNode) => (
    <section
      className="checkin-card"
      data-tone={tone}
      aria-live="assertive"
      style={{
        background: TONES[tone].background,
        border: `3px solid ${TONES[tone].border}`,
        color: TONES[tone].text,
        borderRadius: 12,
        padding: 16,
        marginTop: 12,
      }}
    >
      <div className="checkin-headline" style={{ fontSize: 26, fontWeight: 800 }}>
        {title}
      </div>
      <div style={{ fontSize: 18, marginTop: 6 }}>{body}</div>
      {extra}
    </section>
  );

  return (
    <div
      className="checkin-desk"
      data-online={online ? 'yes' : 'no'}
      data-queued={pending}
      data-offline-ready={offlineReady ? 'yes' : 'no'}
      style={{ maxWidth: 720 }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('checkin:desk.chooseDesk')}
          style={{ minWidth: 180 }}
          value={deskId ?? 0}
          onChange={(v: number) => {
            const id = v || null;
            setDeskId(id);
            saveDesk(conferenceId, id);
          }}
          options={[
            ...desks.map((d) => ({ value: d.id, label: d.name })),
            { value: 0, label: t('checkin:desk.noDesk') },
          ]}
        />
        <Tag color={online ? 'green' : 'red'}>{online ? t('checkin:desk.online') : t('checkin:desk.offline')}</Tag>
        {pending ? (
          <>
            <Tag color="orange" className="checkin-pending">
              {t('checkin:desk.queued', { count: pending })}
            </Tag>
            <Button size="small" onClick={() => void sync()}>
              {t('checkin:desk.sync')}
            </Button>
          </>
        ) : null}
      </Space>
      <div>
        {camera === 'on' || camera === 'starting' ? (
          <Button onClick={stopCamera}>{t('checkin:desk.stopCamera')}</Button>
        ) : (
          <Button type="primary" size="large" className="checkin-camera" onClick={() => void startCamera()}>
            {t('checkin:desk.startCamera')}
          </Button>
        )}
        {reader ? <span className="checkin-reader" data-reader={reader} /> : null}
      </div>
      {camera === 'unavailable' ? (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon message={t('checkin:desk.cameraUnavailable')} />
      ) : null}
      <video
        ref={video}
        muted
        playsInline
        style={{
          width: '100%',
          maxHeight: 260,
          objectFit: 'cover',
          borderRadius: 8,
          marginTop: 8,
          display: camera === 'on' ? 'block' : 'none',
          background: '#000',
        }}
      />
      <Input.Search
        style={{ marginTop: 12 }}
        size="large"
        className="checkin-search"
        aria-label={t('checkin:desk.searchPlaceholder')}
        placeholder={t('checkin:desk.searchPlaceholder')}
        enterButton={t('checkin:desk.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => {
          unlockSound();
          if (v.trim()) void lookUp({ q: v.trim() }, null);
        }}
      />
      {shown?.kind === 'person' ? (
        <PersonCard
          lang={lang}
          t={t}
          person={shown.person}
          headline={shown.headline}
          fresh={Boolean(shown.fresh)}
          busy={busy}
          badgeUrl={urlOf(checkinApi.badge, { params: { id: shown.person.registrantId } })}
          onCheckIn={() => void checkIn(shown.person)}
          onUndo={() => void act(checkinApi.undo, shown.person)}
          onPay={() => void act(checkinApi.pay, shown.person)}
        />
      ) : null}
      {shown?.kind === 'unknown' ? card('red', t('checkin:desk.notFound'), t('checkin:desk.notFoundHint')) : null}
      {shown?.kind === 'queued'
        ? card('green', t('checkin:desk.checkedIn'), t('checkin:desk.queuedHere', { code: shown.code }))
        : null}
      {shown?.kind === 'offlineCode'
        ? card(
            'amber',
            shown.code,
            t('checkin:desk.offline'),
            <Button
              size="large"
              type="primary"
              className="checkin-do"
              style={{ marginTop: 12, height: 56, fontSize: 22 }}
              onClick={() => queueScan(shown.code)}
            >
              {t('checkin:desk.checkIn')}
            </Button>,
          )
        : null}
      {shown?.kind === 'matches' ? (
        <List
          style={{ marginTop: 12 }}
          header={t('checkin:desk.matches')}
          bordered
          dataSource={shown.matches}
          rowKey="registrantId"
          renderItem={(m) => (
            <List.Item>
              <a role="button" onClick={() => void lookUp({ code: m.code }, null)}>
                {m.name}
              </a>{' '}
              · {m.unit} · {m.code}
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}

export default function CheckinDesk(props: CheckinDeskProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Desk {...props} />
    </AntdRoot>
  );
}
