/** filesApi.upload with one multipart file; the envelope's key on failure. */
import { filesApi, type StoredFile } from '../../server/contract/files';
import { ApiError, urlOf, type Envelope } from '../shared/api';

export async function uploadFile(kind: 'css' | 'image', file: Blob & { name?: string }): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  let res: Response;
  try {
    res = await fetch(urlOf(filesApi.upload, { query: { kind } }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'managePages:images.uploadFailed');
  }
  const body = (await res.json().catch(() => null)) as Envelope<StoredFile> | null;
  if (!body || body.code !== 200)
    throw new ApiError(res.status, body?.message ?? 'managePages:images.uploadFailed', body?.field);
  return body.data;
}
