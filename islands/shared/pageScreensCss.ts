/** Styles of the page list and editor screens (ManagePageList, ManagePageEditor), rendered with the islands (nothing in the shared app.css). */
export const PAGE_SCREENS_CSS = `
.shell-body:has(.page-editor) { max-width: 1680px; }
.pages-toolbar { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; flex-wrap: wrap; margin-bottom: 16px; }
.pages-filters { display: flex; gap: 8px; flex-wrap: wrap; flex: 1; min-width: 0; }
.pages-search { width: 240px; }
.pages-filter { min-width: 130px; }
.pages-actions { display: flex; gap: 8px; flex-wrap: wrap; }
.pages-meta { color: #6b7280; font-size: 12px; margin-top: 4px; }
.pages-pager { display: flex; justify-content: flex-end; margin-top: 16px; }
.page-editor-bar { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
.page-editor-bar-tools { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
.page-editor-split { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; align-items: start; }
.page-editor .ant-form-item { margin-bottom: 14px; }
.page-editor .ant-tabs-nav { margin-bottom: 8px; }
.page-editor .cm-editor { font-size: 13px; }
.page-editor .cm-editor.cm-focused { outline: none; }
.page-editor-css-file { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 8px; font-size: 13px; }
@media (max-width: 720px) {
  .pages-toolbar { flex-direction: column; align-items: stretch; }
  .pages-search { width: 100%; flex: 1 1 100%; }
  .pages-filter { flex: 1 1 0; min-width: 0; }
  .pages-actions > * { flex: 1 1 0; }
  .pages-pager { justify-content: center; }
  .page-editor-split { grid-template-columns: 1fr; }
}
`;
