/**
 * A file item of the registration form: uploads go to temp/upload at once (checked there by
 * size and content), and the answer is the list of stored names, claimed when the form is saved.
 * The browser's own file input, with the uploaded files listed under it.
 */
import { useRef, useState } from 'react';
import { MAX_FILES_PER_ITEM, registrationFormApi as registrationApi } from '../../server/contract/registrationForm';
import { urlOf, type Envelope } from './api';
import { translator } from './i18n';
import type { Lang } from './locale';

export type UploadedFile = { name: string; originalName: string; size?: number };

type Props = {
  id: string;
  lang: Lang;
  photo: boolean;
  disabled: boolean;
  files: UploadedFile[];
  onFiles(files: UploadedFile[]): void;
  onBusy(busy: boolean): void;
};

async function upload(file: File, photo: boolean): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(urlOf(registrationApi.tempUpload, { query: { kind: photo ? 'photo' : 'attachment' } }), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const envelope = (await res.json().catch(() => null)) as Envelope<string> | null;
  if (!envelope || envelope.code !== 200) throw new Error(envelope?.message ?? 'registration:uploadFailed');
  // The stored name is the answer without its first 5 characters ('temp/').
  return { name: envelope.data.slice(5), originalName: file.name, size: file.size };
}

function UploadIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 16V4M6 10l6-6 6 6M4 20h16" />
    </svg>
  );
}

export function FileField({ id, lang, photo, disabled, files, onFiles, onBusy }: Props) {
  const t = translator(lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function picked(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    onBusy(true);
    try {
      onFiles([...files, await upload(file, photo)]);
    } catch (err) {
      setError(t((err as Error).message));
    } finally {
      if (input.current) input.current.value = '';
      setBusy(false);
      onBusy(false);
    }
  }

  return (
    <div className="rf-files">
      {files.length < MAX_FILES_PER_ITEM ? (
        <label
          className={busy || disabled ? 'rf-button rf-file-button rf-button-disabled' : 'rf-button rf-file-button'}
        >
          <input
            ref={input}
            id={id}
            type="file"
            className="rf-file-input"
            accept={photo ? '.jpg,.jpeg,.png' : undefined}
            disabled={busy || disabled}
            onChange={(e) => void picked(e.target.files?.[0])}
          />
          <UploadIcon />{' '}
          {busy ? t('registration:uploading') : t(photo ? 'registration:uploadPhoto' : 'registration:uploadFile')}
        </label>
      ) : null}
      {error ? (
        <div className="rf-error" role="alert">
          {error}
        </div>
      ) : null}
      {files.length ? (
        <ul className="rf-file-list">
          {files.map((f) => (
            <li key={f.name} className="rf-file">
              <span className="rf-file-name">{f.originalName}</span>
              {disabled ? null : (
                <button
                  type="button"
                  className="rf-link"
                  onClick={() => onFiles(files.filter((x) => x.name !== f.name))}
                >
                  {t('registration:removeFile')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
