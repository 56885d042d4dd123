/** The add / edit form of one menu item: title, parent, link (page or address), icon, new window, published. */
import { useState } from 'react';
import { App, Button, Flex, Form, Input, Popconfirm, Radio, Select, Switch, Tag, TreeSelect, Typography } from 'antd';
import { call, ApiError } from '../shared/api';
import type { Lang } from '../shared/locale';
import {
  BUILT_IN_ICONS,
  isValidIcon,
  MENU_HREF_MAX,
  MENU_ICON_MAX,
  MENU_TITLE_MAX,
  normaliseIcon,
  type MenuEditNode,
  type MenuPageOption,
} from '../../server/contract/menus';
import { sitesApi } from '../../server/contract/sites';
import { locate, subtreeIdsOf } from './moves';
import { checkedValues } from '../shared/formCheck';

/** What the form edits: an existing item, or a new one under `parentId`. */
export type Editing = { item: MenuEditNode } | { parentId: number | null };

type LinkType = 'page' | 'href' | 'none';
type Values = {
  title: string;
  parentId: number;
  linkType: LinkType;
  pageId?: number;
  href?: string;
  icon: string;
  newWindow: boolean;
  published: boolean;
};
type Translate = (key: string, options?: Record<string, unknown>) => string;

const TOP = 0;
const FIELDS = ['title', 'parentId', 'pageId', 'href', 'icon', 'published'] as const;

function parentOptions(
  nodes: MenuEditNode[],
  excluded: Set<number>,
): Array<{ value: number; title: string; children: ReturnType<typeof parentOptions> }> {
  return nodes
    .filter((n) => !excluded.has(n.id))
    .map((n) => ({ value: n.id, title: n.title, children: parentOptions(n.children, excluded) }));
}

export function IconPreview({ icon }: { icon: string }) {
  return icon ? <i aria-hidden="true" className={`template-menu-icon ${icon}`} /> : null;
}

export function ItemForm(props: {
  t: Translate;
  mobile: boolean;
  menuLang: Lang;
  tree: MenuEditNode[];
  pages: MenuPageOption[];
  editing: Editing;
  onSaved: (id: number) => Promise<void>;
  onCancel: () => void;
  onDelete: (item: MenuEditNode) => Promise<void>;
}) {
  const { t, mobile, menuLang, tree, pages, editing, onSaved, onCancel, onDelete } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const item = 'item' in editing ? editing.item : null;
  const linkType = Form.useWatch('linkType', form);
  const icon = Form.useWatch('icon', form) ?? '';

  // Read once: the form is mounted per item (keyed), and a reload of the tree while it is open
  // must not wipe what is being typed.
  const [initial] = useState<Values>(() => {
    if (item) {
      return {
        title: item.title,
        parentId: item.parentId ?? TOP,
        linkType: item.pageId ? 'page' : item.href ? 'href' : 'none',
        pageId: item.pageId ?? undefined,
        href: item.href ?? '',
        icon: item.icon,
        newWindow: item.newWindow,
        published: item.published,
      };
    }
    const parentId = 'parentId' in editing ? editing.parentId : null;
    const parent = parentId === null ? null : locate(tree, parentId)?.node;
    return {
      title: '',
      parentId: parentId ?? TOP,
      linkType: 'page',
      href: '',
      icon: '',
      newWindow: false,
      published: parent ? parent.published : true,
    };
  });

  const excluded = item ? subtreeIdsOf(tree, item.id) : new Set<number>();
  const parents = [{ value: TOP, title: t('manageMenus:topLevel'), children: [] }, ...parentOptions(tree, excluded)];
  const pageLabel = (p: MenuPageOption) =>
    p.lang && p.lang !== menuLang ? `${p.name} (${t(`manageMenus:langName.${p.lang}`)})` : p.name;
  const pageOptions = [
    {
      label: t('manageMenus:pagesSameLang'),
      options: pages.filter((p) => p.lang === menuLang).map((p) => ({ value: p.id, label: pageLabel(p) })),
    },
    {
      label: t('manageMenus:pagesOtherLang'),
      options: pages.filter((p) => p.lang !== menuLang).map((p) => ({ value: p.id, label: pageLabel(p) })),
    },
  ].filter((g) => g.options.length > 0);
  const hasChildren = Boolean(item?.children.length);

  function toggleIcon(cls: string) {
    const classes = normaliseIcon(icon).split(' ').filter(Boolean);
    const next = classes.includes(cls)
      ? classes.filter((c) => c !== cls)
      : [...classes.filter((c) => !(BUILT_IN_ICONS as readonly string[]).includes(c)), cls];
    form.setFieldValue('icon', next.join(' '));
    void form.validateFields(['icon']);
  }

  async function save() {
    const v = await checkedValues(form);
    if (!v) return;
    setBusy(true);
    try {
      const body = {
        ...(item ? { id: item.id } : {}),
        lang: menuLang,
        // Likewise the parent: the item may have been dragged elsewhere meanwhile.
        ...(!item || form.isFieldTouched('parentId') ? { parentId: v.parentId === TOP ? null : v.parentId } : {}),
        title: v.title,
        icon: v.icon ?? '',
        newWindow: Boolean(v.newWindow),
        pageId: v.linkType === 'page' ? (v.pageId ?? null) : null,
        href: v.linkType === 'href' ? (v.href ?? '') : null,
        // An edit leaves the published state alone unless it was changed here (the tree's
        // switch may have changed it meanwhile).
        ...(!item || form.isFieldTouched('published') ? { published: Boolean(v.published) } : {}),
      };
      const { id } = await call(sitesApi.menuSave, { body });
      await onSaved(id);
      message.success(t('manageMenus:saved'));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      const field = err instanceof ApiError ? err.field : undefined;
      const name = field === 'pageId' && v.linkType !== 'page' ? 'linkType' : field;
      if (name && ([...FIELDS, 'linkType'] as string[]).includes(name))
        form.setFields([{ name: name as keyof Values, errors: [t(key)] }]);
      else message.error(t(key));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      name={`menu-item-${menuLang}`}
      initialValues={initial}
      onFinish={save}
    >
      <Form.Item
        name="title"
        label={t('manageMenus:fieldTitle')}
        rules={[
          { required: true, whitespace: true, message: t('manageMenus:titleRequired') },
          { max: MENU_TITLE_MAX, message: t('manageMenus:titleTooLong') },
        ]}
      >
        <Input maxLength={MENU_TITLE_MAX} showCount autoFocus={!mobile} />
      </Form.Item>
      <Form.Item name="parentId" label={t('manageMenus:fieldParent')}>
        <TreeSelect treeData={parents} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      <Form.Item name="linkType" label={t('manageMenus:fieldLink')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'page', label: t('manageMenus:linkPage') },
            { value: 'href', label: t('manageMenus:linkHref') },
            ...(hasChildren ? [{ value: 'none', label: t('manageMenus:linkNone') }] : []),
          ]}
        />
      </Form.Item>
      {linkType === 'page' ? (
        <Form.Item
          name="pageId"
          label={t('manageMenus:fieldPage')}
          rules={[{ required: true, message: t('manageMenus:linkRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('manageMenus:pagePlaceholder')}
            options={pageOptions}
            notFoundContent={t('manageMenus:noPages')}
          />
        </Form.Item>
      ) : null}
      {linkType === 'href' ? (
        <Form.Item
          name="href"
          label={t('manageMenus:fieldHref')}
          extra={t('manageMenus:hrefHelp')}
          rules={[
            { required: true, whitespace: true, message: t('manageMenus:linkRequired') },
            { max: MENU_HREF_MAX, message: t('manageMenus:hrefTooLong') },
          ]}
        >
          <Input placeholder="https://example.org/" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="icon"
        label={t('manageMenus:fieldIcon')}
        extra={t('manageMenus:iconHelp')}
        rules={[
          {
            validator: async (_, value: string | undefined) =>
              isValidIcon(value ?? '') ? undefined : Promise.reject(new Error(t('manageMenus:iconInvalid'))),
          },
        ]}
      >
        <Input
          maxLength={MENU_ICON_MAX}
          placeholder="icon-home"
          prefix={<IconPreview icon={normaliseIcon(icon)} />}
          allowClear
        />
      </Form.Item>
      <Flex wrap gap={6} align="center" style={{ marginTop: -12, marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('manageMenus:quickIcons')}</Typography.Text>
        {BUILT_IN_ICONS.map((cls) => (
          <Tag.CheckableTag
            key={cls}
            checked={normaliseIcon(icon).split(' ').includes(cls)}
            onChange={() => toggleIcon(cls)}
          >
            {cls}
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Flex gap={24} wrap>
        <Form.Item name="newWindow" label={t('manageMenus:fieldNewWindow')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="published" label={t('manageMenus:fieldPublished')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Flex gap={8} wrap justify="space-between">
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('manageMenus:save')}
          </Button>
          <Button onClick={onCancel}>{t('manageMenus:cancel')}</Button>
        </Flex>
        {item ? (
          <Popconfirm
            title={t('manageMenus:confirmDeleteOne', { title: item.title })}
            okText={t('manageMenus:delete')}
            cancelText={t('manageMenus:cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(item)}
          >
            <Button danger>{t('manageMenus:delete')}</Button>
          </Popconfirm>
        ) : null}
      </Flex>
    </Form>
  );
}
