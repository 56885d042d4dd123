/**
 * A finished piece of work's file, downloaded by the browser. Its own file because both the light
 * dialog (workDialog.tsx) and the progress part it loads on demand (work.tsx) use it: kept in
 * either, the two would import each other.
 */
import { workApi, type WorkView } from '../../server/contract/work';
import { urlOf } from './api';

/** Starts the browser's download of a finished piece of work's file (`own`: a person's own work, on the platform host). */
export function downloadWorkFile(work: WorkView, own = false): void {
  const a = document.createElement('a');
  a.href = urlOf(own ? workApi.ownFile : workApi.file, { params: { id: work.id } });
  a.download = work.fileName ?? '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
