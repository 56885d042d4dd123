/**
 * A custom template's layout: the background with the fields where they will print (a live
 * preview scaled to the panel; drag a field to move it), and the fields' numbers to set exactly.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { Button, ColorPicker, InputNumber, Select, Space, Switch, Table } from 'antd';
import type { DocumentLayout, LayoutItem } from '../../server/contract/documents';
import type { T } from '../shared/i18n';

type Props = {
  t: T;
  layout: DocumentLayout;
  backgroundUrl: string | null;
  fields: Array<{ value: string; label: string }>;
  mobile: boolean;
  onChange: (layout: DocumentLayout) => void;
};

const SAMPLE: Record<string, string> = {
  name: '张伟 Alex Morgan',
  unit: '中国科学院计算技术研究所',
  country: '中国',
  code: 'SAMPLE-0001',
  conferenceName: 'ICCSE 2027',
  email: 'alex@example.org',
  phone: '13800138000',
  registeredOn: '2027-05-20',
};
const round = (v: number) => Math.round(v * 10) / 10;

export function LayoutEditor({ t, layout, backgroundUrl, fields, mobile, onChange }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ index: number; dx: number; dy: number } | null>(null);
  const width = mobile ? 300 : 420;
  const scale = width / layout.page.width;
  const setItem = (i: number, change: Partial<LayoutItem>) =>
    onChange({ ...layout, items: layout.items.map((it, j) => (j === i ? { ...it, ...change } : it)) });
  const label = (field: string) => fields.find((f) => f.value === field)?.label ?? field;

  function move(e: PointerEvent) {
    if (!drag || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    const item = layout.items[drag.index];
    const w = item.field === 'qr' ? item.size : item.width;
    const x = Math.min(Math.max(0, (e.clientX - rect.left) / scale - drag.dx), layout.page.width - w);
    const y = Math.min(
      Math.max(0, (e.clientY - rect.top) / scale - drag.dy),
      layout.page.height - (item.field === 'qr' ? item.size : 5),
    );
    setItem(drag.index, { x: round(x), y: round(y) });
  }

  return (
    <div className="layout-editor">
      <Space wrap style={{ marginBottom: 8 }}>
        {t('documents:designer.page')}
        <InputNumber
          min={30}
          max={420}
          value={layout.page.width}
          onChange={(v) => onChange({ ...layout, page: { ...layout.page, width: Number(v) || 30 } })}
          addonAfter="mm"
          style={{ width: 130 }}
          aria-label={t('documents:designer.width')}
        />
        ×
        <InputNumber
          min={30}
          max={420}
          value={layout.page.height}
          onChange={(v) => onChange({ ...layout, page: { ...layout.page, height: Number(v) || 30 } })}
          addonAfter="mm"
          style={{ width: 130 }}
          aria-label={t('documents:designer.height')}
        />
      </Space>
      <div
        ref={box}
        className="layout-canvas"
        style={{
          width,
          height: layout.page.height * scale,
          backgroundImage: backgroundUrl ? `url("${backgroundUrl}")` : undefined,
        }}
        onPointerMove={move}
        onPointerUp={() => setDrag(null)}
        onPointerLeave={() => setDrag(null)}
      >
        {layout.items.map((item, i) => {
          const style = {
            left: item.x * scale,
            top: item.y * scale,
            color: item.color,
            fontWeight: item.bold ? 700 : 400,
            textAlign: item.align,
            fontSize: (item.size * 25.4 * scale) / 72,
          };
          const start = (e: PointerEvent) => {
            if (mobile || !box.current) return;
            const rect = box.current.getBoundingClientRect();
            setDrag({
              index: i,
              dx: (e.clientX - rect.left) / scale - item.x,
              dy: (e.clientY - rect.top) / scale - item.y,
            });
          };
          return item.field === 'qr' ? (
            <div
              key={i}
              className="layout-qr"
              onPointerDown={start}
              style={{ ...style, width: item.size * scale, height: item.size * scale }}
              title={label(item.field)}
            />
          ) : (
            <div
              key={i}
              className="layout-text"
              onPointerDown={start}
              style={{ ...style, width: item.width * scale }}
              title={label(item.field)}
            >
              {SAMPLE[item.field] ?? label(item.field)}
            </div>
          );
        })}
      </div>
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        scroll={{ x: true }}
        dataSource={layout.items}
        style={{ marginTop: 12 }}
        columns={[
          {
            title: t('documents:designer.field'),
            key: 'field',
            render: (_, it, i) => (
              <Select
                size="small"
                value={it.field}
                onChange={(field: string) => setItem(i, { field })}
                options={fields}
                style={{ width: 140 }}
              />
            ),
          },
          {
            title: 'x',
            key: 'x',
            render: (_, it, i) => (
              <InputNumber
                size="small"
                min={0}
                value={it.x}
                onChange={(v) => setItem(i, { x: Number(v) || 0 })}
                style={{ width: 70 }}
              />
            ),
          },
          {
            title: 'y',
            key: 'y',
            render: (_, it, i) => (
              <InputNumber
                size="small"
                min={0}
                value={it.y}
                onChange={(v) => setItem(i, { y: Number(v) || 0 })}
                style={{ width: 70 }}
              />
            ),
          },
          {
            title: t('documents:designer.width'),
            key: 'w',
            render: (_, it, i) =>
              it.field === 'qr' ? (
                '—'
              ) : (
                <InputNumber
                  size="small"
                  min={1}
                  value={it.width}
                  onChange={(v) => setItem(i, { width: Number(v) || 1 })}
                  style={{ width: 70 }}
                />
              ),
          },
          {
            title: t('documents:designer.size'),
            key: 's',
            render: (_, it, i) => (
              <InputNumber
                size="small"
                min={4}
                max={200}
                value={it.size}
                onChange={(v) => setItem(i, { size: Number(v) || 4 })}
                style={{ width: 70 }}
              />
            ),
          },
          {
            title: t('documents:designer.bold'),
            key: 'b',
            render: (_, it, i) => <Switch size="small" checked={it.bold} onChange={(bold) => setItem(i, { bold })} />,
          },
          {
            title: t('documents:designer.align'),
            key: 'a',
            render: (_, it, i) => (
              <Select
                size="small"
                value={it.align}
                onChange={(align: LayoutItem['align']) => setItem(i, { align })}
                options={['left', 'center', 'right'].map((a) => ({ value: a, label: t(`documents:designer.${a}`) }))}
                style={{ width: 90 }}
              />
            ),
          },
          {
            title: t('documents:designer.color'),
            key: 'c',
            render: (_, it, i) => (
              <ColorPicker
                size="small"
                value={it.color}
                disabledAlpha
                onChange={(c) => setItem(i, { color: c.toHexString().slice(0, 7) })}
              />
            ),
          },
          {
            title: '',
            key: 'x2',
            render: (_, _it, i) => (
              <Button
                size="small"
                danger
                type="text"
                onClick={() => onChange({ ...layout, items: layout.items.filter((_, j) => j !== i) })}
              >
                {t('documents:designer.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Button
        size="small"
        style={{ marginTop: 8 }}
        onClick={() =>
          onChange({
            ...layout,
            items: [
              ...layout.items,
              {
                field: 'name',
                x: 5,
                y: 5,
                width: Math.max(10, layout.page.width - 10),
                size: 14,
                bold: false,
                align: 'center',
                color: '#111827',
              },
            ],
          })
        }
        disabled={layout.items.length >= 40}
      >
        {t('documents:designer.addField')}
      </Button>
    </div>
  );
}
