/**
 * Management: the page and template editor (spec 2.12 config/page/{add,edit}, config/template/{add,edit}).
 * Fields, HTML and CSS in a code editor, a CSS file, a live sandboxed preview, the image library
 * and the versions. Save with the button or Ctrl/Cmd+S.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Space, Tabs, Tag, Tooltip, Upload } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { CONTENT_CONTAINER, pagesApi, type PageDetail, type TemplateKind } from '../../server/contract/pages';
import { SECTION } from '../shared/pageFormat';
import { PAGE_SCREENS_CSS } from '../shared/pageScreensCss';
import { CodeArea, type CodeAreaHandle } from './CodeArea';
import { ImageLibrary } from './ImageLibrary';
import { Preview } from './Preview';
import { Versions } from './Versions';
import { uploadFile } from './upload';
import { initialMeta } from './initialMeta';
import { MetaForm, STARTER, type Meta } from './MetaForm';
import type { ManagePageEditorProps } from './props';

type Content = { html: string; css: string; cssPath: string };

/** Whether the HTML has the container its kind of template must hold (a warning only). */
function hasContainer(kind: TemplateKind, html: string): boolean {
  const name = CONTENT_CONTAINER[kind];
  // "template-content-container" is also the tail of "common-template-content-container".
  return kind === 'common' ? html.includes(name) : new RegExp(`(^|[^\\w-])${name}`).test(html);
}

function Editor(props: ManagePageEditorProps) {
  const { lang, mobile, type, timeZone, exteriors, templates, commonTemplates, mobilePages, desktopPages } = props;
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Meta>();
  const [page, setPage] = useState<PageDetail | null>(props.page);
  // The starting values: computed once, from the first props.
  const [startMeta] = useState(() => initialMeta(props));
  const [content, setContent] = useState<Content>(() => ({
    html: props.page?.html ?? (type === 'TEMPLATE' ? STARTER[startMeta.templateKind] : ''),
    css: props.page?.css ?? '',
    cssPath: props.page?.cssPath ?? '',
  }));
  const [savedState, setSavedState] = useState(() => JSON.stringify([startMeta, content]));
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('html');
  const [drawer, setDrawer] = useState<'images' | 'versions' | null>(null);
  const [cssUploading, setCssUploading] = useState(false);
  const htmlEditor = useRef<CodeAreaHandle>(null);

  const watched = Form.useWatch((values: Meta) => values, { form, preserve: true }) as Meta | undefined;
  const meta: Meta = { ...startMeta, ...(watched ?? {}) };
  const kind: TemplateKind | null = type === 'TEMPLATE' ? meta.templateKind : null;
  const dirty = JSON.stringify([meta, content]) !== savedState;
  const isPage = type === 'PAGE';

  const setField = (patch: Partial<Content>) => setContent((c) => ({ ...c, ...patch }));

  async function save() {
    if (saving) return;
    let values: Meta;
    try {
      await form.validateFields();
      // Every value, also of fields hidden now (validateFields answers the shown ones only).
      values = { ...startMeta, ...(form.getFieldsValue(true) as Meta) };
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await call(pagesApi.save, {
        body: {
          id: page?.id ?? null,
          type,
          templateKind: kind,
          name: values.name,
          exteriorId: values.exteriorId ?? null,
          lang: isPage ? values.lang : null,
          html: content.html,
          css: content.css,
          cssPath: content.cssPath,
          templateId: values.templateId || null,
          isMobile: values.isMobile,
          relatedMobilePageId: isPage && !values.isMobile ? values.relatedMobilePageId || null : null,
          counterpartPageId: isPage && !values.isMobile ? values.counterpartPageId || null : null,
          defaultFor: kind === 'page' ? values.defaultFor || null : null,
          needToLogin: isPage ? values.needToLogin : false,
        },
      });
      if (!page) {
        // Now an existing page: its own address, and the layout's heading says so.
        history.replaceState(null, '', `${SECTION[type]}/edit/${saved.id}`);
        const heading = document.querySelector('.shell-main .panel-header h2');
        const title = t(`managePages:title.${type}.edit`, { name: saved.name });
        if (heading) heading.textContent = title;
        document.title = document.title.replace(t(`managePages:title.${type}.add`), title);
      }
      setPage(saved);
      setSavedState(JSON.stringify([values, content]));
      message.success(t('managePages:saved'));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'managePages:failed';
      const fields = [
        'name',
        'exteriorId',
        'lang',
        'templateKind',
        'templateId',
        'relatedMobilePageId',
        'counterpartPageId',
        'defaultFor',
      ];
      if (err instanceof ApiError && err.field && fields.includes(err.field))
        form.setFields([{ name: err.field as keyof Meta, errors: [t(key)] }]);
      message.error(t(key));
    } finally {
      setSaving(false);
    }
  }

  // Ctrl/Cmd+S saves; leaving with unsaved edits asks first.
  const latest = useRef({ save, dirty });
  latest.current = { save, dirty };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void latest.current.save();
      }
    };
    const onLeave = (e: BeforeUnloadEvent) => {
      if (latest.current.dirty) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, []);

  function restored(restoredPage: PageDetail, version: number) {
    const values = { ...meta, name: restoredPage.name };
    const next = { html: restoredPage.html, css: restoredPage.css, cssPath: restoredPage.cssPath };
    form.setFieldsValue({ name: restoredPage.name });
    setContent(next);
    setPage(restoredPage);
    setSavedState(JSON.stringify([values, next]));
    setDrawer(null);
    message.success(t('managePages:versions.restored', { version }));
  }

  function insertImage(url: string) {
    setTab('html');
    setDrawer(null);
    // After the HTML pane is shown again.
    setTimeout(() => htmlEditor.current?.insert(`<img src="${url}" alt="">`), 0);
    message.success(t('managePages:images.inserted'));
  }

  const missingContainer = kind !== null && content.html.trim() !== '' && !hasContainer(kind, content.html);

  const fields = (
    <MetaForm
      form={form}
      t={t}
      mobile={mobile}
      type={type}
      page={page}
      meta={meta}
      startMeta={startMeta}
      exteriors={exteriors}
      templates={templates}
      commonTemplates={commonTemplates}
      mobilePages={mobilePages}
      desktopPages={desktopPages}
      html={content.html}
      onStarterHtml={(html) => setField({ html })}
      onFinish={save}
    />
  );

  const codeHeight = mobile ? 420 : 560;
  const htmlPane = (
    <>
      {missingContainer ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t(kind === 'common' ? 'managePages:warn.missingCommonContainer' : 'managePages:warn.missingContainer')}
        />
      ) : null}
      <CodeArea
        ref={htmlEditor}
        value={content.html}
        language="html"
        height={codeHeight}
        label="HTML"
        onChange={(html) => setField({ html })}
      />
    </>
  );
  const cssPane = (
    <>
      <div className="page-editor-css-file">
        <span>{t('managePages:field.cssFile')}:</span>
        {content.cssPath ? (
          <>
            <a href={content.cssPath} target="_blank" rel="noopener">
              <code>{content.cssPath}</code>
            </a>
            <Button size="small" danger onClick={() => setField({ cssPath: '' })}>
              {t('managePages:css.remove')}
            </Button>
          </>
        ) : (
          <span style={{ color: '#6b7280' }}>{t('managePages:css.none')}</span>
        )}
        <Upload
          accept=".css,text/css"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setCssUploading(true);
            try {
              const uploaded = await uploadFile('css', file as File);
              setField({ cssPath: uploaded.url });
              message.success(t('managePages:css.uploaded'));
            } catch (err) {
              message.error(t(err instanceof ApiError ? err.messageKey : 'managePages:images.uploadFailed'));
            } finally {
              setCssUploading(false);
            }
          }}
        >
          <Button size="small" loading={cssUploading}>
            {t('managePages:css.upload')}
          </Button>
        </Upload>
      </div>
      <CodeArea
        value={content.css}
        language="css"
        height={codeHeight - 40}
        label="CSS"
        onChange={(css) => setField({ css })}
      />
    </>
  );
  const preview = (
    <Preview
      t={t}
      uiLang={lang}
      chooseLang={!isPage}
      height={mobile ? 560 : codeHeight}
      initialDevice={mobile || meta.isMobile ? 'phone' : 'desktop'}
      input={{
        id: page?.id ?? null,
        type,
        templateKind: kind,
        name: meta.name ?? '',
        lang: isPage ? meta.lang : null,
        html: content.html,
        css: content.css || null,
        cssPath: content.cssPath || null,
        templateId: meta.templateId || null,
      }}
    />
  );
  const tools = (
    <>
      <Button onClick={() => setDrawer('images')}>{t('managePages:images.title')}</Button>
      <Tooltip title={page ? undefined : t('managePages:versions.saveFirst')}>
        <Button disabled={!page} onClick={() => setDrawer('versions')}>
          {t('managePages:versions.title')}
        </Button>
      </Tooltip>
      {isPage && page ? (
        <Button href={`/page/${page.id}`} target="_blank" rel="noopener">
          {t('managePages:viewOnSite')}
        </Button>
      ) : null}
    </>
  );
  const codeTabs = [
    { key: 'html', label: t('managePages:editor.html'), children: htmlPane },
    { key: 'css', label: t('managePages:editor.css'), children: cssPane },
  ];

  return (
    <div className="page-editor">
      <style>{PAGE_SCREENS_CSS}</style>
      <div className="page-editor-bar" style={mobile ? { marginBottom: 8 } : undefined}>
        <Space size={8} wrap>
          <Button href={`${SECTION[type]}/list`}>{t('managePages:back')}</Button>
          {dirty ? <Tag color="orange">{t('managePages:unsaved')}</Tag> : null}
        </Space>
        <Space size={8} wrap>
          {mobile ? null : tools}
          <Tooltip title={t('managePages:saveHint')}>
            <Button type="primary" loading={saving} onClick={save}>
              {t('managePages:save')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {mobile ? <div className="page-editor-bar-tools">{tools}</div> : null}
      {fields}
      {mobile ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[...codeTabs, { key: 'preview', label: t('managePages:preview.title'), children: preview }]}
        />
      ) : (
        <div className="page-editor-split">
          <Tabs activeKey={tab} onChange={setTab} items={codeTabs} />
          <div>
            <div style={{ height: 46, display: 'flex', alignItems: 'center', fontWeight: 500 }}>
              {t('managePages:preview.title')}
            </div>
            {preview}
          </div>
        </div>
      )}
      <ImageLibrary
        open={drawer === 'images'}
        mobile={mobile}
        t={t}
        onClose={() => setDrawer(null)}
        onInsert={insertImage}
      />
      {page ? (
        <Versions
          open={drawer === 'versions'}
          mobile={mobile}
          pageId={page.id}
          revision={page.updatedAt}
          timeZone={timeZone}
          t={t}
          onClose={() => setDrawer(null)}
          onRestored={restored}
        />
      ) : null}
    </div>
  );
}

export default function ManagePageEditor(props: ManagePageEditorProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Editor {...props} />
    </AntdRoot>
  );
}
