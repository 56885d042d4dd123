/**
 * The abstract file or the full text: uploaded at once as a temporary file of the person (the
 * slot's rule — types, size — checked here first to save a useless upload, and by the server,
 * whose refusal is shown), the form keeps the stored name and shows the original one.
 */
import { useState } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type FileRule, type FileView } from '../../server/contract/submissions';
import { urlOf, type Envelope } from '../shared/api';
import type { T } from '../shared/orderText';
import type { Slot } from '../shared/authorManuscript';

type Props = {
  t: T;
  slot: Slot;
  rule: FileRule;
  onBusy(busy: boolean): void;
  onError(text: string): void;
  /** from Form.Item */
  value?: FileView | null;
  onChange?(file: FileView | null): void;
  id?: string;
};

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1].toLowerCase() ?? '';

/** The refusal of a file the rule does not take, or null. */
function refusal(file: File, rule: FileRule, t: T): string | null {
  const ext = extensionOf(file.name);
  if (!(rule.types as string[]).includes(ext === 'jpeg' ? 'jpg' : ext))
    return t('submissions:fileTypeNotAllowed', { types: rule.types.join(', ') });
  if (file.size > rule.maxMb * 1024 * 1024) return t('submissions:fileTooLarge', { max: rule.maxMb });
  return null;
}

async function upload(file: File, slot: Slot, rule: FileRule, t: T): Promise<FileView> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(urlOf(submissionsApi.upload, { query: { slot } }), {
      method: 'POST',
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(t('files:uploadFailed'));
  }
  const envelope = (await res.json().catch(() => null)) as Envelope<FileView> | null;
  if (envelope?.code === 200) return envelope.data;
  if (!envelope && res.status === 413) throw new Error(t('submissions:fileTooLarge', { max: rule.maxMb }));
  throw new Error(
    t(envelope?.message ?? 'files:uploadFailed', {
      max: rule.maxMb,
      types: rule.types.join(', '),
      ...envelope?.params,
    }),
  );
}

export function FileField({ t, slot, rule, onBusy, onError, value, onChange, id }: Props) {
  const [uploading, setUploading] = useState<string | null>(null);
  const accept = rule.types.flatMap((type) => (type === 'jpg' ? ['.jpg', '.jpeg'] : [`.${type}`])).join(',');
  return (
    <div id={id}>
      <Upload
        accept={accept}
        maxCount={1}
        fileList={
          value
            ? [{ uid: value.name, name: value.originalName, status: 'done' }]
            : uploading
              ? [{ uid: 'uploading', name: uploading, status: 'uploading' }]
              : []
        }
        onRemove={() => onChange?.(null)}
        // The request is ours: with the list held here, antd would drop a refused file's error.
        customRequest={async ({ file }) => {
          const picked = file as File;
          const refused = refusal(picked, rule, t);
          if (refused) return onError(refused);
          setUploading(picked.name);
          onBusy(true);
          try {
            onChange?.(await upload(picked, slot, rule, t));
          } catch (err) {
            onError((err as Error).message);
          } finally {
            setUploading(null);
            onBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading !== null}>
          {t(value ? 'submitAuthor:form.replaceFile' : 'submitAuthor:form.upload')}
        </Button>
      </Upload>
    </div>
  );
}
