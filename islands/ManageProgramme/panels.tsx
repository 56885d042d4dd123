/** The editor's side panels: rooms (name zh/en, capacity, order), the grid's settings and paper lengths, and the releases with their change logs. */
import { useState } from 'react';
import { App, Button, Card, Input, InputNumber, Space } from 'antd';
import type { ProgrammeReleaseSummary } from '../../server/contract/programme';
import type { EditorRoom, EditorSettings, EditorState, ProgrammeConflict } from '../../server/contract/programmeEditor';
import { programmeManageApi as api } from '../../server/contract/programmeEditorApi';
import { hhmm, minutesOf, send } from './model';
import type { T } from '../shared/i18n';

export function Rooms({
  lang,
  t,
  rooms,
  onChange,
}: {
  lang: 'zh' | 'en';
  t: T;
  rooms: EditorRoom[];
  onChange: (rooms: EditorRoom[]) => void;
}) {
  const { message } = App.useApp();
  const [zh, setZh] = useState('');
  const [en, setEn] = useState('');
  const [capacity, setCapacity] = useState<number | null>(null);
  const done = (o: Awaited<ReturnType<typeof send<typeof api.addRoom>>>) => {
    if (o.ok) onChange(o.data);
    else message.error(t(o.message, o.params));
    return o.ok;
  };
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('programmeManage:rooms.title')}</h2>}
      size="small"
      style={{ marginTop: 16 }}
    >
      <ul style={{ paddingLeft: 18 }}>
        {rooms.map((r, i) => (
          <li key={r.id}>
            {r.name[lang] || r.name.zh} {r.name.zh !== r.name.en ? `(${lang === 'zh' ? r.name.en : r.name.zh})` : ''}{' '}
            {r.capacity ? `· ${t('programmeManage:rooms.seats', { count: r.capacity })}` : ''}{' '}
            <Button
              size="small"
              disabled={i === 0}
              aria-label={t('programmeManage:rooms.up', { name: r.name[lang] })}
              onClick={async () =>
                done(
                  await send(api.saveRoom, {
                    params: { id: r.id },
                    body: { name: r.name, capacity: r.capacity, position: Math.max(0, rooms[i - 1].position - 1) },
                  }),
                )
              }
            >
              ↑
            </Button>{' '}
            <Button
              size="small"
              danger
              onClick={async () => done(await send(api.removeRoom, { params: { id: r.id } }))}
            >
              {t('programmeManage:rooms.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <Space wrap>
        <Input
          aria-label={t('programmeManage:rooms.nameZh')}
          placeholder={t('programmeManage:rooms.nameZh')}
          value={zh}
          onChange={(e) => setZh(e.target.value)}
        />
        <Input
          aria-label={t('programmeManage:rooms.nameEn')}
          placeholder={t('programmeManage:rooms.nameEn')}
          value={en}
          onChange={(e) => setEn(e.target.value)}
        />
        <InputNumber
          aria-label={t('programmeManage:rooms.capacity')}
          placeholder={t('programmeManage:rooms.capacity')}
          min={0}
          value={capacity}
          onChange={(v) => setCapacity(v === null ? null : Number(v))}
        />
        <Button
          onClick={async () => {
            if (done(await send(api.addRoom, { body: { name: { zh, en: en || zh }, capacity } }))) {
              setZh('');
              setEn('');
              setCapacity(null);
            }
          }}
        >
          {t('programmeManage:rooms.add')}
        </Button>
      </Space>
    </Card>
  );
}

export function Settings({
  lang,
  t,
  state,
  onChange,
}: {
  lang: 'zh' | 'en';
  t: T;
  state: EditorState;
  onChange: (s: EditorSettings) => void;
}) {
  const { message } = App.useApp();
  const s = state.settings;
  const [from, setFrom] = useState(hhmm(s.dayStartMinute));
  const [to, setTo] = useState(hhmm(s.dayEndMinute));
  const [slot, setSlot] = useState(s.slotMinutes);
  const [length, setLength] = useState(s.defaultLength);
  const [lengths, setLengths] = useState<Record<string, number>>(s.lengths);
  async function save() {
    const o = await send(api.settings, {
      body: {
        dayStartMinute: minutesOf(from) ?? -1,
        dayEndMinute: minutesOf(to) ?? -1,
        slotMinutes: slot,
        defaultLength: length,
        lengths,
      },
    });
    if (o.ok) {
      onChange(o.data);
      message.success(t('programmeManage:saved'));
    } else message.error(t(o.message, o.params));
  }
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('programmeManage:settings.title')}</h2>}
      size="small"
      style={{ marginTop: 16 }}
    >
      <Space wrap>
        <label>
          {t('programmeManage:settings.from')}{' '}
          <Input style={{ width: 90 }} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('programmeManage:settings.to')}{' '}
          <Input style={{ width: 90 }} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          {t('programmeManage:settings.slot')}{' '}
          <InputNumber min={5} max={120} value={slot} onChange={(v) => setSlot(Number(v) || 15)} />
        </label>
        <label>
          {t('programmeManage:settings.defaultLength')}{' '}
          <InputNumber min={5} max={480} value={length} onChange={(v) => setLength(Number(v) || 20)} />
        </label>
        {state.reportTypes.map((r) => (
          <label key={r.id}>
            {t('programmeManage:settings.lengthOf', { type: r.title[lang] || r.title.zh })}{' '}
            <InputNumber
              min={5}
              max={480}
              value={lengths[String(r.id)] ?? null}
              onChange={(v) => setLengths({ ...lengths, [String(r.id)]: Number(v) || length })}
            />
          </label>
        ))}
        <Button onClick={() => void save()}>{t('programmeManage:settings.save')}</Button>
      </Space>
    </Card>
  );
}

const changeText = (t: T, c: ProgrammeReleaseSummary['changes'][number], lang: 'zh' | 'en') => {
  const place = (p: typeof c.before) => (p ? `${p.day} ${p.startLocal}–${p.endLocal}` : '');
  return `${t(`programmeManage:change.${c.change}`)}: ${c.title[lang] || c.title.zh}${c.change === 'moved' ? ` (${place(c.before)} → ${place(c.after)})` : c.after ? ` (${place(c.after)})` : ''}`;
};

export function Releases({
  lang,
  t,
  releases,
  refused,
  onRelease,
}: {
  lang: 'zh' | 'en';
  t: T;
  releases: ProgrammeReleaseSummary[];
  refused: ProgrammeConflict[] | null;
  onRelease: (note: string) => Promise<boolean>;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('programmeManage:releases.title')}</h2>}
      size="small"
      style={{ marginTop: 16 }}
    >
      <Space wrap>
        <Input
          style={{ width: '100%', maxWidth: 320 }}
          aria-label={t('programmeManage:releases.note')}
          placeholder={t('programmeManage:releases.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            if (await onRelease(note)) setNote('');
            setBusy(false);
          }}
        >
          {t('programmeManage:releases.release', { number: (releases[0]?.number ?? 0) + 1 })}
        </Button>
      </Space>
      {refused?.length ? (
        <div className="pg-conflicts" role="alert" data-testid="refused">
          <strong>{t('programmeManage:conflictsRemain', { count: refused.length })}</strong>
          <ul>
            {refused.map((c, i) => (
              <li key={i}>{c.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {releases.length === 0 ? <p>{t('programmeManage:releases.none')}</p> : null}
      {releases.map((r) => (
        <div key={r.number} data-release={r.number} style={{ marginTop: 8 }}>
          <strong>{t('programmeManage:releases.number', { number: r.number })}</strong> ·{' '}
          {new Date(r.releasedAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')} · {r.releasedBy}
          {r.note ? ` · ${r.note}` : ''}
          {r.changes.length ? (
            <ul className="pg-changes">
              {r.changes.map((c) => (
                <li key={c.uid}>{changeText(t, c, lang)}</li>
              ))}
            </ul>
          ) : (
            <div style={{ fontSize: 13 }}>
              {r.number === 1 ? t('programmeManage:releases.first') : t('programmeManage:releases.noChanges')}
            </div>
          )}
        </div>
      ))}
    </Card>
  );
}
