/** The menu on a phone: one line per item, indented by depth, moved by buttons (up, down, outdent, indent) instead of dragging. */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button, Checkbox, Flex } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MenuEditNode } from '../../server/contract/menus';
import type { Editing } from './ItemForm';
import { stepTarget, type MoveTarget, type StepMove } from './moves';
import { Summary } from './Summary';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function flatten(nodes: MenuEditNode[], depth = 0): Array<{ node: MenuEditNode; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

export function PhoneList({
  t,
  tree,
  busy,
  checked,
  setChecked,
  editingId,
  publishSwitch,
  move,
  setEditing,
}: {
  t: Translate;
  tree: MenuEditNode[];
  busy: boolean;
  checked: number[];
  setChecked: Dispatch<SetStateAction<number[]>>;
  editingId: number | null;
  publishSwitch: (node: MenuEditNode) => ReactNode;
  move: (id: number, target: MoveTarget | null) => void;
  setEditing: (editing: Editing) => void;
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {flatten(tree).map(({ node, depth }) => {
        const step = (s: StepMove) => stepTarget(tree, node.id, s);
        const stepButton = (s: StepMove, icon: ReactNode) => (
          <Button
            key={s}
            icon={icon}
            disabled={busy || !step(s)}
            onClick={() => move(node.id, step(s))}
            aria-label={t(`manageMenus:${s}`)}
            title={t(`manageMenus:${s}`)}
          />
        );
        return (
          <li
            key={node.id}
            style={{
              borderBottom: '1px solid #f0f0f0',
              padding: '12px 0',
              paddingInlineStart: depth * 20,
              background: editingId === node.id ? '#f0f5ff' : undefined,
            }}
          >
            <Flex gap={10} align="flex-start">
              <Checkbox
                checked={checked.includes(node.id)}
                onChange={(e) =>
                  setChecked((c) => (e.target.checked ? [...c, node.id] : c.filter((id) => id !== node.id)))
                }
                aria-label={node.title}
              />
              <Flex vertical gap={10} style={{ flex: 1, minWidth: 0 }}>
                <Flex gap={8} justify="space-between" align="flex-start">
                  <Summary t={t} tree={tree} node={node} />
                  <span style={{ flex: 'none' }}>{publishSwitch(node)}</span>
                </Flex>
                <Flex gap={8} wrap align="center">
                  {stepButton('up', <ArrowUpOutlined />)}
                  {stepButton('down', <ArrowDownOutlined />)}
                  {stepButton('outdent', <ArrowLeftOutlined />)}
                  {stepButton('indent', <ArrowRightOutlined />)}
                  <Button
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ item: node })}
                    aria-label={t('manageMenus:edit')}
                    title={t('manageMenus:edit')}
                  />
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => setEditing({ parentId: node.id })}
                    aria-label={t('manageMenus:addChild')}
                    title={t('manageMenus:addChild')}
                  />
                </Flex>
              </Flex>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
