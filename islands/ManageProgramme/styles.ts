/** The editor's own styles (a <style> element: the grid is the island's, not the site's). Colours reach WCAG AA on their backgrounds. */
export const PROGRAMME_CSS = `
.pg-layout{display:flex;gap:12px;align-items:flex-start}
.pg-pane{width:240px;flex:none;border:1px dashed #9ca3af;border-radius:8px;padding:8px;min-height:200px;max-height:70vh;overflow:auto;background:#f9fafb}
.pg-pane h3,.pg-side h3{font-size:15px;margin:0 0 8px}
.pg-card{border:1px solid #cbd5e1;background:#fff;border-radius:6px;padding:4px 6px;margin-bottom:6px;cursor:grab;font-size:13px;touch-action:none;user-select:none}
.pg-gridwrap{flex:1;overflow:auto;max-height:75vh;border:1px solid #d1d5db;border-radius:8px}
.pg-head{display:grid;position:sticky;top:0;background:#fff;z-index:5;border-bottom:1px solid #d1d5db}
.pg-roomhead{padding:6px;font-weight:600;font-size:13px;border-left:1px solid #e5e7eb}
.pg-grid{display:grid;position:relative;user-select:none}
.pg-time{font-size:12px;color:#374151;border-top:1px solid #f3f4f6;padding-left:4px}
.pg-time.pg-hour{border-top:1px solid #d1d5db}
.pg-col{border-left:1px solid #e5e7eb}
.pg-item{position:relative;margin:1px 2px;border-radius:6px;padding:2px 6px 8px;font-size:12px;line-height:1.3;overflow:hidden;cursor:grab;touch-action:none;border:1px solid #1e40af;background:#dbeafe;color:#111827}
.pg-item:focus-visible{outline:3px solid #1d4ed8;outline-offset:1px}
.pg-session{background:#ecfdf5;border-color:#047857;border-style:dashed}
.pg-child{margin:2px 8px;background:#fff;border-color:#047857}
.pg-break,.pg-lunch{background:#f3f4f6;border-color:#4b5563}
.pg-keynote,.pg-ceremony{background:#fef3c7;border-color:#92400e}
.pg-conflict{border:2px solid #b91c1c;box-shadow:0 0 0 2px #fecaca}
.pg-dragging{opacity:.45}
.pg-flag{position:absolute;top:1px;right:4px;color:#fff;background:#b91c1c;border-radius:8px;padding:0 5px;font-weight:700}
.pg-resize{position:absolute;left:0;right:0;bottom:0;height:7px;cursor:ns-resize;background:linear-gradient(transparent 40%,rgba(30,64,175,.35) 40%,rgba(30,64,175,.35) 60%,transparent 60%)}
.pg-preview{border:2px dashed #1d4ed8;background:rgba(29,78,216,.12);border-radius:6px;font-size:12px;padding:2px 6px;z-index:6;pointer-events:none;color:#1e3a8a}
.pg-when{font-variant-numeric:tabular-nums;font-weight:600}
.pg-conflicts{border:1px solid #fca5a5;background:#fef2f2;border-radius:8px;padding:8px 12px;margin:12px 0}
.pg-conflicts li{margin:2px 0}
.pg-ok{border:1px solid #86efac;background:#f0fdf4;border-radius:8px;padding:8px 12px;margin:12px 0}
.pg-days{display:flex;gap:6px;flex-wrap:wrap;margin:8px 0}
.pg-phone-item{border:1px solid #d1d5db;border-radius:8px;padding:8px;margin-bottom:8px}
.pg-changes{margin:4px 0 0;padding-left:18px;font-size:13px}
`;
