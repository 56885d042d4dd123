/**
 * The live preview: the composed document in a sandboxed iframe (scripts run, but in an opaque
 * origin: never allow-same-origin, so nothing in it can reach the management area). Refreshed a
 * moment after typing stops; shown at desktop or phone width, scaled to fit the pane.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Segmented, Select, Space, Spin, Typography } from 'antd';
import { call, ApiError } from '../shared/api';
import type { Lang } from '../shared/locale';
import { pagesApi, type PreviewInput } from '../../server/contract/pages';

const WIDTH = { desktop: 1280, phone: 390 } as const;
type Device = keyof typeof WIDTH;
type Props = {
  input: Omit<PreviewInput, 'lang'> & { lang: Lang | null };
  t(key: string, options?: Record<string, unknown>): string;
  height: number;
  initialDevice: Device;
  /** templates have no language of their own: the preview asks for one */
  chooseLang: boolean;
  uiLang: Lang;
};

export function Preview({ input, t, height, initialDevice, chooseLang, uiLang }: Props) {
  const [device, setDevice] = useState<Device>(initialDevice);
  const [previewLang, setPreviewLang] = useState<Lang>(uiLang);
  const [srcDoc, setSrcDoc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [paneWidth, setPaneWidth] = useState(0);
  const pane = useRef<HTMLDivElement>(null);
  const seq = useRef(0);
  const body = JSON.stringify({ ...input, lang: chooseLang ? previewLang : input.lang });

  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(
      async () => {
        setBusy(true);
        try {
          const data = await call(pagesApi.preview, { body: JSON.parse(body) as PreviewInput });
          if (mine !== seq.current) return;
          setSrcDoc(data.html);
          setError('');
        } catch (err) {
          if (mine === seq.current)
            setError(
              t(
                err instanceof ApiError && err.messageKey !== 'commonMsg.serverError'
                  ? err.messageKey
                  : 'managePages:preview.failed',
              ),
            );
        } finally {
          if (mine === seq.current) setBusy(false);
        }
      },
      srcDoc ? 700 : 50,
    );
    return () => clearTimeout(timer);
    // srcDoc only decides the first delay; the body is what triggers a refresh.
  }, [body]);

  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setPaneWidth(el.clientWidth));
    observer.observe(el);
    setPaneWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  const width = WIDTH[device];
  const scale = paneWidth ? Math.min(1, paneWidth / width) : 1;
  return (
    <div className="page-preview">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          flexWrap: 'wrap',
          marginBottom: 8,
        }}
      >
        <Space size={8} wrap>
          <Segmented
            size="small"
            value={device}
            onChange={(v) => setDevice(v as Device)}
            options={[
              { value: 'desktop', label: t('managePages:preview.desktop') },
              { value: 'phone', label: t('managePages:preview.phone') },
            ]}
          />
          {chooseLang ? (
            <Select
              size="small"
              aria-label={t('managePages:preview.lang')}
              value={previewLang}
              onChange={setPreviewLang}
              options={[
                { value: 'zh', label: t('managePages:lang.zh') },
                { value: 'en', label: t('managePages:lang.en') },
              ]}
              style={{ width: 96 }}
            />
          ) : null}
        </Space>
        <Space size={6}>
          {busy ? <Spin size="small" /> : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {busy ? t('managePages:preview.updating') : t('managePages:preview.note')}
          </Typography.Text>
        </Space>
      </div>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} /> : null}
      <div
        ref={pane}
        style={{
          height,
          overflow: 'hidden',
          border: '1px solid #e5e7eb',
          borderRadius: 8,
          background: device === 'phone' ? '#f3f4f6' : '#fff',
          position: 'relative',
        }}
      >
        <iframe
          title={t('managePages:preview.title')}
          sandbox="allow-scripts"
          srcDoc={srcDoc}
          style={{
            width,
            height: height / scale,
            border: 0,
            background: '#fff',
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
            position: 'absolute',
            top: 0,
            left: device === 'phone' && paneWidth > width ? (paneWidth - width) / 2 : 0,
            boxShadow: device === 'phone' ? '0 0 0 1px #d1d5db' : undefined,
          }}
        />
      </div>
    </div>
  );
}
