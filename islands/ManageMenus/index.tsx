/**
 * The menu editor (/platform/config/menu): one tab per language the site uses, the whole tree
 * (published or not), drag and drop to reorder and nest (move up / down / indent / outdent on
 * phones), a side panel (a drawer on phones) to add or edit an item, and publish, unpublish and
 * delete for the selection.
 */
import { useState, type Key } from 'react';
import { App, Button, Card, Drawer, Empty, Flex, Switch, Tabs, Tree, Typography } from 'antd';
import { ExportOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { MenuEditNode, MenuPageOption } from '../../server/contract/menus';
import { sitesApi } from '../../server/contract/sites';
import { ItemForm, type Editing } from './ItemForm';
import { dropTarget, type MoveTarget } from './moves';
import { PhoneList } from './PhoneList';
import { Summary } from './Summary';
import type { ManageMenusProps } from './props';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type TreeItem = { key: number; title: string; item: MenuEditNode; children: TreeItem[] };

function toTreeData(nodes: MenuEditNode[]): TreeItem[] {
  return nodes.map((item) => ({ key: item.id, title: item.title, item, children: toTreeData(item.children) }));
}

function allIds(nodes: MenuEditNode[]): number[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
}

function MenuEditor({
  t,
  menuLang,
  mobile,
  tree,
  setTree,
  pages,
}: {
  t: Translate;
  menuLang: Lang;
  mobile: boolean;
  tree: MenuEditNode[];
  setTree: (tree: MenuEditNode[]) => void;
  pages: MenuPageOption[];
}) {
  const { message, modal } = App.useApp();
  const [checked, setChecked] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [expanded, setExpanded] = useState<Key[]>(() => allIds(tree));
  const [busy, setBusy] = useState(false);

  async function reload(): Promise<MenuEditNode[]> {
    const fresh = await call(sitesApi.menuTree, { query: { lang: menuLang } });
    setTree(fresh);
    const ids = new Set(allIds(fresh));
    setChecked((c) => c.filter((id) => ids.has(id)));
    return fresh;
  }

  /** One call, then the tree as the server now has it (also after a refusal). */
  async function run(send: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(true);
    try {
      await send();
      if (done) message.success(t(done));
      return true;
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
      return false;
    } finally {
      await reload().catch(() => undefined);
      setBusy(false);
    }
  }

  const move = (id: number, target: MoveTarget | null) => {
    if (!target) return;
    if (target.parentId !== null) setExpanded((e) => [...new Set([...e, target.parentId!])]);
    void run(() => call(sitesApi.menuMove, { body: { id, ...target } }));
  };
  const publish = (ids: number[], published: boolean) => {
    if (ids.length === 0) return void message.warning(t('manageMenus:selectItems'));
    void run(
      () => call(sitesApi.menuPublish, { body: { ids, published } }),
      published ? 'manageMenus:publishedDone' : 'manageMenus:unpublishedDone',
    );
  };
  const remove = async (ids: number[]) => {
    const ok = await run(() => call(sitesApi.menuDelete, { body: { ids } }), 'manageMenus:deleted');
    if (ok && editing && 'item' in editing && ids.includes(editing.item.id)) setEditing(null);
    if (ok) setChecked([]);
  };
  function confirmDelete() {
    if (checked.length === 0) return void message.warning(t('manageMenus:selectToDelete'));
    modal.confirm({
      title: t('manageMenus:confirmDelete', { count: checked.length }),
      okText: t('manageMenus:delete'),
      okButtonProps: { danger: true },
      cancelText: t('manageMenus:cancel'),
      onOk: () => remove(checked),
    });
  }

  async function saved(id: number) {
    const fresh = await reload();
    const found = allIds(fresh).includes(id);
    setEditing(null);
    if (found) setExpanded((e) => [...new Set([...e, ...allIds(fresh)])]);
  }

  const editingId = editing && 'item' in editing ? editing.item.id : null;
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
  const publishSwitch = (node: MenuEditNode) => (
    <Switch
      size={mobile ? 'medium' : 'small'}
      checked={node.published}
      disabled={busy}
      checkedChildren={t('manageMenus:published')}
      unCheckedChildren={t('manageMenus:unpublished')}
      onChange={(on) => publish([node.id], on)}
    />
  );

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })}>
      {t('manageMenus:addItem')}
    </Button>
  );
  const viewSite = (
    <Button href="/" target="_blank" rel="noopener" icon={<ExportOutlined />}>
      {t('manageMenus:viewSite')}
    </Button>
  );
  const selectionActions = (
    <Flex gap={8} wrap align="center">
      <Button onClick={() => publish(checked, true)} disabled={busy}>
        {t('manageMenus:publish')}
      </Button>
      <Button onClick={() => publish(checked, false)} disabled={busy}>
        {t('manageMenus:unpublish')}
      </Button>
      <Button danger onClick={confirmDelete} disabled={busy}>
        {t('manageMenus:delete')}
      </Button>
      {checked.length ? (
        <Typography.Text type="secondary">{t('manageMenus:selected', { count: checked.length })}</Typography.Text>
      ) : null}
    </Flex>
  );
  const toolbar = mobile ? (
    <Flex vertical gap={8} style={{ marginBottom: 8 }}>
      <Flex gap={8} justify="space-between">
        {addButton}
        {viewSite}
      </Flex>
      {selectionActions}
    </Flex>
  ) : (
    <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap align="center">
        {addButton}
        {selectionActions}
      </Flex>
      {viewSite}
    </Flex>
  );

  const empty = <Empty description={t('manageMenus:empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  const desktopTree = tree.length ? (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('manageMenus:dragHint')}
      </Typography.Paragraph>
      <Tree<TreeItem>
        className="manage-menus-tree"
        treeData={toTreeData(tree)}
        blockNode
        checkable
        checkStrictly
        draggable={{ icon: <HolderOutlined /> }}
        checkedKeys={{ checked, halfChecked: [] }}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        selectedKeys={editingId === null ? [] : [editingId]}
        onSelect={(_keys, info) => setEditing({ item: info.node.item })}
        onDrop={(info) => {
          const relative = info.dropPosition - Number(info.node.pos.split('-').at(-1));
          move(
            Number(info.dragNode.key),
            dropTarget(tree, Number(info.dragNode.key), Number(info.node.key), {
              toGap: info.dropToGap,
              relative: relative < 0 ? -1 : relative > 0 ? 1 : 0,
              expanded: Boolean(info.node.expanded),
            }),
          );
        }}
        titleRender={(data) => (
          <Flex align="center" justify="space-between" gap={8}>
            <Summary t={t} tree={tree} node={data.item} />
            <Flex gap={4} align="center" onClick={stop} style={{ flex: 'none' }}>
              {publishSwitch(data.item)}
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                title={t('manageMenus:addChild')}
                aria-label={t('manageMenus:addChild')}
                onClick={() => setEditing({ parentId: data.item.id })}
              />
            </Flex>
          </Flex>
        )}
      />
    </>
  ) : (
    empty
  );

  const phoneList = tree.length ? (
    <PhoneList
      t={t}
      tree={tree}
      busy={busy}
      checked={checked}
      setChecked={setChecked}
      editingId={editingId}
      publishSwitch={publishSwitch}
      move={move}
      setEditing={setEditing}
    />
  ) : (
    empty
  );

  const panelTitle = editing
    ? t('item' in editing ? 'manageMenus:editItem' : 'manageMenus:newItem')
    : t('manageMenus:panelTitle');
  const form = editing ? (
    <ItemForm
      key={editingId ?? `new-${'parentId' in editing ? editing.parentId : ''}`}
      t={t}
      mobile={mobile}
      menuLang={menuLang}
      tree={tree}
      pages={pages}
      editing={editing}
      onSaved={saved}
      onCancel={() => setEditing(null)}
      onDelete={(item) => remove([item.id])}
    />
  ) : null;

  if (mobile) {
    return (
      <div>
        {toolbar}
        {phoneList}
        <Drawer
          open={editing !== null}
          placement="bottom"
          size="88%"
          title={panelTitle}
          onClose={() => setEditing(null)}
          destroyOnHidden
        >
          {form}
        </Drawer>
      </div>
    );
  }
  return (
    <div>
      {toolbar}
      <Flex gap={16} align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>{desktopTree}</div>
        <Card size="small" title={panelTitle} style={{ width: 340, flex: 'none', position: 'sticky', top: 16 }}>
          {form ?? <Typography.Text type="secondary">{t('manageMenus:panelHint')}</Typography.Text>}
        </Card>
      </Flex>
    </div>
  );
}

function Screen({ lang, mobile, languages, menus, pages }: ManageMenusProps) {
  const t = translator(lang);
  const [tab, setTab] = useState<Lang>(languages.includes(lang) ? lang : languages[0]);
  const [trees, setTrees] = useState(menus);
  const editor = (menuLang: Lang) => (
    <MenuEditor
      key={menuLang}
      t={t}
      menuLang={menuLang}
      mobile={mobile}
      tree={trees[menuLang] ?? []}
      setTree={(tree) => setTrees((all) => ({ ...all, [menuLang]: tree }))}
      pages={pages}
    />
  );
  // One tab even for a one-language site: it says which menu this is.
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Lang)}
      items={languages.map((l) => ({ key: l, label: t(`manageMenus:tab.${l}`), children: editor(l) }))}
    />
  );
}

export default function ManageMenus(props: ManageMenusProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Screen {...props} />
    </AntdRoot>
  );
}
