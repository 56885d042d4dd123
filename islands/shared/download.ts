/**
 * Downloads answered as files (badge.pdf, user.xlsx, zips): a JSON POST to a download endpoint
 * of the contract, whose answer is saved under the name the server gives, or a JSON envelope
 * error thrown as ApiError, or — for long work — a 202 with the work, shown in its dialog
 * (work.tsx) until the file is ready.
 */
import { registrationApi } from '../../server/contract/registration';
import { apiUrl, type CallInput, type Download, type Endpoint } from '../../server/contract/endpoint';
import { ApiError, urlOf, type Envelope } from './api';
import { postForm } from './postForm';
import { isWorkStarted } from '../../server/contract/work';
import { showWork } from './workDialog';

function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

type DownloadPost = Endpoint<'POST', string, Endpoint['body'], undefined, undefined, Download>;

export async function downloadPost<E extends DownloadPost>(
  endpoint: E,
  body: CallInput<E>['body'],
  fallbackName: string,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl(endpoint), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'userReg.passportError');
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    // Long work (issue 30): the server answers at once with the work; its dialog follows it and downloads the file.
    if (res.status === 202 && isWorkStarted(envelope?.data)) return showWork(envelope.data.work);
    throw new ApiError(res.status, envelope?.message ?? 'commonMsg.serverError', envelope?.field, envelope?.params);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * spec 7 download/files: a form posted into a new tab with the wanted files and a single-use
 * token (never the session), for files a registrant uploaded.
 */
export async function openFiles(files: Array<{ name: string; field?: string }>, token: string): Promise<void> {
  // The form's fields are the endpoint's body.
  const fields = { data: JSON.stringify(files), access_token: token };
  postForm(urlOf(registrationApi.downloadFiles, { body: fields }), fields, '_blank');
}
