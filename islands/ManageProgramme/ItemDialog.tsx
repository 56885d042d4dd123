/**
 * The form of one item (a phone's way to place one, and a double-click's on the grid): its kind,
 * titles, people, session, descriptions and where it goes. People are written one a line as
 * "name; unit; e-mail".
 */
import { Button, Input, InputNumber, Modal, Select, Space } from 'antd';
import { PROGRAMME_ITEM_KINDS, type ProgrammeItemKind } from '../../server/contract/programme';
import type { EditorItem, EditorPaper, EditorPerson, EditorState } from '../../server/contract/programmeEditor';
import type { Lang } from '../shared/locale';
import { hhmm } from './model';
import type { T } from '../shared/i18n';

export type Draft = {
  id: number | null;
  revision: number;
  kind: ProgrammeItemKind;
  titleZh: string;
  titleEn: string;
  descZh: string;
  descEn: string;
  speakers: string;
  chair: string;
  sessionId: number | null;
  day: string;
  start: string;
  length: number;
  roomId: number | null;
};

const personLine = (p: EditorPerson) => [p.name, p.unit, p.email].join('; ').replace(/(; )+$/, '');
export const parsePeople = (text: string) =>
  text
    .split('\n')
    .map((l) => l.split(/[;；]/).map((x) => x.trim()))
    .filter((p) => p[0])
    .map(([name, unit = '', email = '']) => ({ name, unit, email }));

/** The form's fields for an item, or for a new one (placed on the day shown, in the first room). */
export function draftOf(
  i: EditorItem | null,
  { day, state, papers }: { day: string; state: EditorState; papers: Map<number, EditorPaper> },
): Draft {
  return {
    id: i?.id ?? null,
    revision: i?.revision ?? 0,
    kind: i?.kind ?? 'talk',
    titleZh: i?.title.zh ?? '',
    titleEn: i?.title.en ?? '',
    descZh: i?.description.zh ?? '',
    descEn: i?.description.en ?? '',
    speakers: (i?.speakers ?? []).map(personLine).join('\n'),
    chair: i?.chair ? personLine(i.chair) : '',
    sessionId: i?.sessionId ?? null,
    day: i?.day ?? day,
    start: hhmm(i?.startMinute ?? state.settings.dayStartMinute),
    length:
      i && i.startMinute !== null
        ? i.endMinute! - i.startMinute
        : i?.submissionId
          ? (papers.get(i.submissionId)?.length ?? state.settings.defaultLength)
          : state.settings.defaultLength,
    roomId: i?.day ? i.roomId : (state.rooms[0]?.id ?? null),
  };
}

export function ItemDialog({
  lang,
  t,
  state,
  draft,
  onChange,
  onSave,
  onRemove,
  onUnplace,
}: {
  lang: Lang;
  t: T;
  state: EditorState;
  draft: Draft | null;
  onChange: (draft: Draft | null) => void;
  onSave: (andPlace: boolean) => void;
  onRemove: (item: EditorItem) => void;
  onUnplace: (item: EditorItem) => void;
}) {
  return (
    <Modal
      open={draft !== null}
      title={draft?.id ? t('programmeManage:item.edit') : t('programmeManage:item.new')}
      onCancel={() => onChange(null)}
      footer={null}
      destroyOnHidden
    >
      {draft ? (
        <div className="pg-form">
          {draft.id === null ? (
            <label>
              {t('programmeManage:item.kind')}
              <Select
                style={{ width: '100%' }}
                value={draft.kind}
                onChange={(kind) => onChange({ ...draft, kind })}
                options={PROGRAMME_ITEM_KINDS.filter((k) => k !== 'paper').map((k) => ({
                  value: k,
                  label: t(`programmeManage:kinds.${k}`),
                }))}
              />
            </label>
          ) : null}
          <label>
            {t('programmeManage:item.titleZh')}
            <Input value={draft.titleZh} onChange={(e) => onChange({ ...draft, titleZh: e.target.value })} />
          </label>
          <label>
            {t('programmeManage:item.titleEn')}
            <Input value={draft.titleEn} onChange={(e) => onChange({ ...draft, titleEn: e.target.value })} />
          </label>
          <label>
            {t('programmeManage:item.speakers')}
            <Input.TextArea
              rows={2}
              value={draft.speakers}
              onChange={(e) => onChange({ ...draft, speakers: e.target.value })}
              placeholder={t('programmeManage:item.personHint')}
            />
          </label>
          <label>
            {t('programmeManage:item.chair')}
            <Input
              value={draft.chair}
              onChange={(e) => onChange({ ...draft, chair: e.target.value })}
              placeholder={t('programmeManage:item.personHint')}
            />
          </label>
          <label>
            {t('programmeManage:item.session')}
            <Select
              style={{ width: '100%' }}
              allowClear
              value={draft.sessionId ?? undefined}
              onChange={(v) => onChange({ ...draft, sessionId: v ?? null })}
              options={state.sessions.map((s) => ({ value: s.id, label: s.title[lang] || s.title.zh }))}
            />
          </label>
          <label>
            {t('programmeManage:item.descZh')}
            <Input.TextArea
              rows={2}
              value={draft.descZh}
              onChange={(e) => onChange({ ...draft, descZh: e.target.value })}
            />
          </label>
          <label>
            {t('programmeManage:item.descEn')}
            <Input.TextArea
              rows={2}
              value={draft.descEn}
              onChange={(e) => onChange({ ...draft, descEn: e.target.value })}
            />
          </label>
          <fieldset style={{ border: '1px solid #e5e7eb', padding: 8, borderRadius: 8 }}>
            <legend>{t('programmeManage:item.where')}</legend>
            <label>
              {t('programmeManage:item.day')}
              <Select
                style={{ width: '100%' }}
                value={draft.day}
                onChange={(v) => onChange({ ...draft, day: v })}
                options={state.days.map((d) => ({ value: d, label: d }))}
              />
            </label>
            <label>
              {t('programmeManage:item.room')}
              <Select
                style={{ width: '100%' }}
                value={draft.roomId ?? 0}
                onChange={(v) => onChange({ ...draft, roomId: v || null })}
                options={[
                  { value: 0, label: t('programmeManage:grid.allRooms') },
                  ...state.rooms.map((r) => ({ value: r.id, label: r.name[lang] || r.name.zh })),
                ]}
              />
            </label>
            <label>
              {t('programmeManage:item.start')}
              <Input
                value={draft.start}
                onChange={(e) => onChange({ ...draft, start: e.target.value })}
                placeholder="09:00"
              />
            </label>
            <label>
              {t('programmeManage:item.length')}
              <InputNumber
                style={{ width: '100%' }}
                min={5}
                max={480}
                step={state.settings.slotMinutes}
                value={draft.length}
                onChange={(v) => onChange({ ...draft, length: Number(v) || state.settings.slotMinutes })}
              />
            </label>
          </fieldset>
          <Space wrap style={{ marginTop: 12 }}>
            <Button type="primary" onClick={() => onSave(true)}>
              {t('programmeManage:item.saveAndPlace')}
            </Button>
            <Button onClick={() => onSave(false)}>{t('programmeManage:item.save')}</Button>
            {draft.id !== null ? (
              <Button danger onClick={() => onRemove(state.items.find((i) => i.id === draft.id)!)}>
                {t('programmeManage:item.remove')}
              </Button>
            ) : null}
            {draft.id !== null && state.items.find((i) => i.id === draft.id)?.day ? (
              <Button onClick={() => onUnplace(state.items.find((i) => i.id === draft.id)!)}>
                {t('programmeManage:item.unplace')}
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
    </Modal>
  );
}
