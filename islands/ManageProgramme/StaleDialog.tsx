/** A save over another manager's newer one: what the item now is and who saved it; redo the save on it, or keep theirs. */
import { Button, Modal } from 'antd';
import type { EditorPaper, StaleAnswer } from '../../server/contract/programmeEditor';
import type { Lang } from '../shared/locale';
import { hhmm, titleOf } from './model';
import type { T } from '../shared/i18n';

/** The refused save and how to make it again on the item as it now is. */
export type StaleSave = { answer: StaleAnswer; redo: (revision: number) => Promise<void> };

export function StaleDialog({
  lang,
  t,
  stale,
  papers,
  roomName,
  onClose,
}: {
  lang: Lang;
  t: T;
  stale: StaleSave | null;
  papers: Map<number, EditorPaper>;
  roomName: (id: number | null) => string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={stale !== null}
      title={t('programmeManage:stale')}
      onCancel={onClose}
      footer={[
        <Button key="keep" onClick={onClose}>
          {t('programmeManage:staleKeep')}
        </Button>,
        <Button
          key="redo"
          type="primary"
          disabled={!stale?.answer.current}
          onClick={() => {
            const s = stale!;
            onClose();
            void s.redo(s.answer.current!.revision);
          }}
        >
          {t('programmeManage:staleRedo')}
        </Button>,
      ]}
    >
      {stale ? (
        <p data-testid="stale">
          {stale.answer.current
            ? t('programmeManage:staleBody', {
                by: stale.answer.by || '—',
                title: titleOf(stale.answer.current, papers, lang),
                when: stale.answer.current.day
                  ? `${stale.answer.current.day} ${hhmm(stale.answer.current.startMinute!)}–${hhmm(stale.answer.current.endMinute!)} ${roomName(stale.answer.current.roomId)}`
                  : t('programmeManage:pane.title'),
              })
            : t('programmeManage:staleGone')}
        </p>
      ) : null}
    </Modal>
  );
}
