/**
 * One file to send, drawn like antd's Upload (a button, and the file listed under it with its
 * remove button), on the browser's own file input: antd's Upload is ~10 KB gzipped (issue 32). The
 * screen uploads the picked file itself and says what became of it: `file` is the file held (or
 * the one on its way, `uploading`). The input is over the button, so the keyboard and a screen
 * reader reach it as the button.
 */
import { useRef } from 'react';
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { translator } from './i18n';
import type { Lang } from './locale';

export type LightUploadProps = {
  lang: Lang;
  /** the wrapper's id (antd's Form.Item id), so a form can bring it into view */
  id?: string;
  accept?: string;
  /** the button's words */
  label: string;
  file: { name: string; uploading?: boolean } | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
};

export function LightUpload({ lang, id, accept, label, file, onPick, onRemove, disabled }: LightUploadProps) {
  const t = translator(lang);
  const input = useRef<HTMLInputElement>(null);
  const busy = Boolean(file?.uploading);
  return (
    <div id={id} className="lup">
      <label
        className={
          busy || disabled
            ? 'rf-button rf-file-button rf-button-disabled lup-pick'
            : 'rf-button rf-file-button lup-pick'
        }
      >
        <input
          ref={input}
          type="file"
          className="rf-file-input"
          accept={accept}
          disabled={busy || disabled}
          aria-label={label}
          onChange={(e) => {
            const picked = e.target.files?.[0];
            // The same file may be picked again after a refusal.
            e.target.value = '';
            if (picked) onPick(picked);
          }}
        />
        {busy ? <LoadingOutlined aria-hidden /> : <UploadOutlined aria-hidden />}
        <span>{label}</span>
      </label>
      {file ? (
        <ul className="lup-list">
          <li className={file.uploading ? 'lup-item lup-item-uploading' : 'lup-item lup-item-done'}>
            {file.uploading ? (
              <LoadingOutlined className="lup-icon" aria-hidden />
            ) : (
              <PaperClipOutlined className="lup-icon" aria-hidden />
            )}
            <span className="lup-name">{file.name}</span>
            {file.uploading || disabled ? null : (
              <button
                type="button"
                className="lup-remove"
                aria-label={t('controls:upload.remove', { name: file.name })}
                onClick={onRemove}
              >
                <DeleteOutlined aria-hidden />
              </button>
            )}
          </li>
        </ul>
      ) : null}
    </div>
  );
}
