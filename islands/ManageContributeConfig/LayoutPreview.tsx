/**
 * How the book of abstracts will look with the chosen styles, before anything is built: a page
 * cut into as many slots as manuscripts per page, and in the first slot a sample number, title,
 * author line and paragraph set in the chosen fonts, sizes (pt) and weights. The PDF uses the
 * Noto fonts; the browser falls back to its own sans or serif when they are not installed.
 */
import type { CSSProperties } from 'react';
import { Card, Typography } from 'antd';
import type { LayoutInput } from '../../server/contract/submissions';
import type { T } from './shared';

type TextStyle = LayoutInput['title'];

const FAMILIES: Record<TextStyle['font'], string> = {
  sans: "'Noto Sans SC', 'Noto Sans', sans-serif",
  serif: "'Noto Serif SC', 'Noto Serif', serif",
};

function css(s: TextStyle | undefined): CSSProperties {
  if (!s) return {};
  const size = Number(s.size);
  return {
    fontFamily: FAMILIES[s.font] ?? FAMILIES.sans,
    fontSize: `${size >= 6 && size <= 24 ? size : 10}pt`,
    fontWeight: s.bold ? 700 : 400,
    fontStyle: s.italic ? 'italic' : 'normal',
    margin: 0,
    overflowWrap: 'anywhere',
  };
}

export function LayoutPreview({ t, layout }: { t: T; layout: Partial<LayoutInput> }) {
  const perPage = layout.perPage ?? 2;
  const slots = Array.from({ length: perPage }, (_, i) => i);
  return (
    <Card size="small" title={t('submitConfig:layout.preview')} style={{ maxWidth: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <div
          aria-label={t('submitConfig:layout.pageLabel', { count: perPage })}
          style={{
            width: 84,
            aspectRatio: '210 / 297',
            border: '1px solid #d1d5db',
            borderRadius: 2,
            padding: 4,
            display: 'grid',
            gridTemplateRows: `repeat(${perPage}, 1fr)`,
            gap: 3,
            flex: 'none',
            background: '#fff',
          }}
        >
          {slots.map((i) => (
            <div key={i} style={{ background: i === 0 ? '#dbeafe' : '#f3f4f6', borderRadius: 1 }} />
          ))}
        </div>
        <div
          style={{
            flex: '1 1 240px',
            minWidth: 0,
            background: '#fff',
            border: '1px solid #e5e7eb',
            borderRadius: 4,
            padding: 12,
            color: '#111827',
          }}
        >
          {layout.showNumber ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              A-001
            </Typography.Text>
          ) : null}
          <p style={{ ...css(layout.title), marginBottom: 6 }}>{t('submitConfig:layout.sampleTitle')}</p>
          <p style={{ ...css(layout.author), marginBottom: 8 }}>{t('submitConfig:layout.sampleAuthors')}</p>
          <p style={{ ...css(layout.content), lineHeight: 1.5, textAlign: 'justify' }}>
            {t('submitConfig:layout.sampleContent')}
          </p>
        </div>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('submitConfig:layout.previewHint')}
      </Typography.Text>
    </Card>
  );
}
