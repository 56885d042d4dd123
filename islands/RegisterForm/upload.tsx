/**
 * A file item of the registration form: uploads go to temp/upload at once (checked there by
 * size and content), and the answer is the list of stored names, claimed when the form is saved.
 */
import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MAX_FILES_PER_ITEM, registrationFormApi as registrationApi } from '../../server/contract/registrationForm';
import { urlOf, type Envelope } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';

export type UploadedFile = { name: string; originalName: string; size?: number };

type Props = {
  lang: Lang;
  photo: boolean;
  files: UploadedFile[];
  onFiles(files: UploadedFile[]): void;
  onBusy(busy: boolean): void;
  /** from Form.Item */
  onChange?(files: UploadedFile[]): void;
  id?: string;
};

async function upload(file: File, photo: boolean): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(urlOf(registrationApi.tempUpload, { query: { kind: photo ? 'photo' : 'attachment' } }), { method: 'POST', body, credentials: 'same-origin' });
  const envelope = (await res.json().catch(() => null)) as Envelope<string> | null;
  if (!envelope || envelope.code !== 200) throw new Error(envelope?.message ?? 'registration:uploadFailed');
  // The stored name is the answer without its first 5 characters ('temp/').
  return { name: envelope.data.slice(5), originalName: file.name, size: file.size };
}

export function FileField({ lang, photo, files, onFiles, onBusy, onChange, id }: Props) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  function change(next: UploadedFile[]) {
    onFiles(next);
    onChange?.(next);
  }

  return (
    <Upload
      id={id}
      accept={photo ? '.jpg,.jpeg,.png' : undefined}
      multiple={false}
      maxCount={MAX_FILES_PER_ITEM}
      fileList={files.map((f) => ({ uid: f.name, name: f.originalName, status: 'done' as const }))}
      onRemove={(removed) => change(files.filter((f) => f.name !== removed.uid))}
      customRequest={async ({ file }) => {
        setBusy(true);
        onBusy(true);
        try {
          change([...files, await upload(file as File, photo)]);
        } catch (err) {
          message.error(t((err as Error).message));
        } finally {
          setBusy(false);
          onBusy(false);
        }
      }}
    >
      {files.length < MAX_FILES_PER_ITEM ? (
        <Button icon={<UploadOutlined />} loading={busy}>
          {t(photo ? 'registration:uploadPhoto' : 'registration:uploadFile')}
        </Button>
      ) : null}
    </Upload>
  );
}
