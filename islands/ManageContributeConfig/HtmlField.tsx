/**
 * The call's instructions are rich text (HTML) that the server sanitises when saved: edited as
 * HTML, the way the registration instructions are, with a sandboxed preview (no script runs in it)
 * so the manager sees what authors will read before saving.
 */
import { useState } from 'react';
import { Input, Segmented } from 'antd';
import type { T } from './shared';

type Props = { value?: string; onChange?: (v: string) => void; id?: string; t: T; lang: 'zh' | 'en' };

export function HtmlField({ value, onChange, id, t, lang }: Props) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <div style={{ maxWidth: '100%' }}>
      <Segmented
        size="small"
        value={mode}
        onChange={(v) => setMode(v === 'preview' ? 'preview' : 'edit')}
        options={[
          { value: 'edit', label: t('submitConfig:basic.html') },
          { value: 'preview', label: t('submitConfig:basic.preview') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {mode === 'edit' ? (
        <Input.TextArea
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 14 }}
          className="code-textarea"
        />
      ) : (
        <iframe
          title={t('submitConfig:basic.preview')}
          sandbox=""
          srcDoc={`<meta charset="utf-8"><body lang="${lang}" style="font-family:sans-serif;font-size:14px;overflow-wrap:anywhere">${value ?? ''}</body>`}
          style={{ width: '100%', minHeight: 160, border: '1px solid #e5e7eb', borderRadius: 8 }}
        />
      )}
    </div>
  );
}
