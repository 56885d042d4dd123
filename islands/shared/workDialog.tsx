/**
 * The dialog that follows a piece of heavy work (issue 30), mounted by every island's AntdRoot.
 * Its progress bar (work.tsx: antd's Progress and Alert) is loaded when a piece of work is shown,
 * not with every page: few pages start work, and those bars are most of the dialog's code (issue 32).
 */
import { lazy, Suspense, useEffect } from 'react';
import { App } from 'antd';
import { workApi, type WorkView } from '../../server/contract/work';
import { call } from './api';
import { downloadWorkFile } from './workDownload';
import { translator } from './i18n';
import type { Lang } from './locale';

const POLL_MS = 1000;
const WorkProgress = lazy(() => import('./work').then((module) => ({ default: module.WorkProgress })));

type WorkDialog = (work: WorkView) => void;
let dialog: WorkDialog | null = null;

/** Shows a started piece of work in a dialog (registered by AntdRoot); the file downloads when ready. */
export function showWork(work: WorkView): void {
  if (dialog) return dialog(work);
  // No dialog on this page (an island outside AntdRoot): the file downloads when ready, silently.
  const wait = async (w: WorkView): Promise<void> => {
    if (w.state === 'done') return w.fileName ? downloadWorkFile(w) : undefined;
    if (w.state === 'failed') return;
    await new Promise((r) => setTimeout(r, POLL_MS));
    return wait(await call(workApi.view, { params: { id: w.id } }));
  };
  void wait(work).catch(() => undefined);
}

/** Mounted once per island root (AntdRoot): the dialog that `showWork` opens. */
export function WorkDialogHost({ lang }: { lang: Lang }) {
  const { modal } = App.useApp();
  useEffect(() => {
    const t = translator(lang);
    dialog = (work) => {
      let downloaded = false;
      const finished = (w: WorkView) => {
        if (w.state === 'done' && w.fileName && !downloaded) {
          downloaded = true;
          downloadWorkFile(w);
        }
      };
      const content = (
        <Suspense fallback={null}>
          <WorkProgress work={work} lang={lang} onFinished={finished} />
        </Suspense>
      );
      modal.info({ title: t('work:title'), icon: null, okText: t('work:close'), content, width: 480 });
    };
    return () => {
      dialog = null;
    };
  }, [lang, modal]);
  return null;
}
