/**
 * Spec 9 "Download types": each of the six for the selected manuscripts, or "(All)" for every
 * manuscript the current filters find. The file comes back under the server's name; a large
 * selection or a book to rebuild comes back as work, which `downloadPost` follows with its
 * progress and then downloads; an error (no files, a zip already running) comes back as a message.
 */
import { useState } from 'react';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { DOWNLOAD_TYPES, type DownloadType, type ManageFilter } from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { downloadPost } from '../shared/download';
import type { T } from '../shared/orderText';
import { failText } from '../shared/submissionErrors';

export const FALLBACK_NAMES: Record<DownloadType, string> = {
  abstract: 'abstracts.zip',
  manuscript: 'manuscripts.zip',
  excel: 'submissions.xlsx',
  pdf: 'abstracts.pdf',
  word: 'abstracts.docx',
  html: 'abstracts.html',
};

/** The selection's ids, or "(All)" of the filter. */
export type Scope = { ids: number[] } | { filter: ManageFilter };

/** Downloads one type; after the whole book's PDF tells the caller, whose panel shows the book's new state. */
export function useDownload(t: T, afterBook: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function download(type: DownloadType, scope: Scope) {
    setBusy(true);
    try {
      await downloadPost(submissionsApi.download, { type, ...scope }, FALLBACK_NAMES[type]);
    } catch (err) {
      message.error(failText(err, t));
    } finally {
      setBusy(false);
      if (type === 'pdf' && 'filter' in scope) afterBook();
    }
  }
  return { busy, download };
}

type Props = { t: T; mobile: boolean; selected: number[]; filter: ManageFilter; afterBook: () => void };

export function Downloads({ t, mobile, selected, filter, afterBook }: Props) {
  const { busy, download } = useDownload(t, afterBook);
  const typeName = (type: DownloadType) => t(`submissions:download.${type}`);
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'selected',
      label: selected.length
        ? t('submitManage:download.selectedGroup', { n: selected.length })
        : t('submitManage:download.selectFirst'),
      children: DOWNLOAD_TYPES.map((type) => ({
        key: `selected:${type}`,
        label: typeName(type),
        disabled: !selected.length,
      })),
    },
    { type: 'divider' },
    {
      type: 'group',
      key: 'all',
      label: t('submitManage:download.allGroup'),
      children: DOWNLOAD_TYPES.map((type) => ({
        key: `all:${type}`,
        label: t('submissions:download.all', { type: typeName(type) }),
      })),
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const [scope, type] = key.split(':') as ['selected' | 'all', DownloadType];
    void download(type, scope === 'selected' ? { ids: selected } : { filter });
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} disabled={busy}>
      <Button loading={busy} block={mobile}>
        {t('submitManage:download.button')}
      </Button>
    </Dropdown>
  );
}
