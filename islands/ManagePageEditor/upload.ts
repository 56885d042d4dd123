/** POST /api/conference/file/upload?kind= with one multipart file; the envelope's key on failure. */
import { ApiError, type Envelope } from '../shared/api';

export type Uploaded = { id: number; url: string; originalName: string };

export async function uploadFile(kind: 'css' | 'image', file: Blob & { name?: string }): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  let res: Response;
  try {
    res = await fetch(`/api/conference/file/upload?kind=${kind}`, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'managePages:images.uploadFailed');
  }
  const body = (await res.json().catch(() => null)) as Envelope<Uploaded> | null;
  if (!body || body.code !== 200) throw new ApiError(res.status, body?.message ?? 'managePages:images.uploadFailed', body?.field);
  return body.data;
}
