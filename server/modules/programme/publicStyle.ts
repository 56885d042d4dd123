/**
 * The public programme's look and its small script (progressive enhancement: the page works
 * without it). Both are inlined into the page once per render and kept with it (a conference host
 * has no script policy: platform/csp.ts); the script is minified once per process.
 */
import { transformSync } from 'esbuild';

export const PROGRAMME_CSS = `
.programme [hidden]{display:none!important}
.programme{max-width:1100px;margin:0 auto;padding:12px 12px 32px;color:#1f2328;font-size:15px;line-height:1.5}
.programme h1{font-size:1.6em;margin:.3em 0}.programme h2{font-size:1.2em;margin:1em 0 .4em}
.programme a{color:#0b57a4}.programme a:focus-visible,.programme button:focus-visible,.programme input:focus-visible,.programme select:focus-visible{outline:2px solid #0b57a4;outline-offset:2px}
.pg-release{color:#57606a;margin:0 0 .6em}.pg-links,.pg-views,.pg-days{display:flex;flex-wrap:wrap;gap:6px;margin:.5em 0}
.pg-links a,.pg-views a,.pg-days a{display:inline-block;padding:6px 10px;border:1px solid #d0d7de;border-radius:6px;text-decoration:none;background:#fff;min-height:24px}
.pg-views a[aria-current],.pg-days a[aria-current]{background:#0b57a4;color:#fff;border-color:#0b57a4}
.pg-filter{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:.6em 0;padding:10px;background:#f6f8fa;border-radius:8px}
.pg-filter label{display:flex;flex-direction:column;font-size:.9em;flex:1 1 140px}.pg-filter input,.pg-filter select{font:inherit;padding:6px;border:1px solid #8c959f;border-radius:6px;min-height:36px;background:#fff;color:#1f2328}
.pg-filter button,.pg-button{font:inherit;padding:7px 14px;border-radius:6px;border:1px solid #0b57a4;background:#0b57a4;color:#fff;cursor:pointer;min-height:36px}
.pg-button.pg-secondary{background:#fff;color:#0b57a4}
.pg-login,.pg-notice{padding:10px 12px;border-left:4px solid #0b57a4;background:#eef5fc;margin:.6em 0}
.pg-now{border:1px solid #d0d7de;border-radius:8px;padding:4px 12px;margin:.6em 0;background:#fffdf3}.pg-now h2{font-size:1em;margin:.5em 0 .2em}.pg-now ul{margin:0;padding-left:1.2em}
.pg-item{display:flex;gap:10px;padding:10px 0;border-bottom:1px solid #eaeef2;align-items:flex-start}
.pg-time{flex:0 0 6.2em;font-variant-numeric:tabular-nums;color:#3d444d;font-size:.95em}.pg-day{display:block;font-size:.85em}
.pg-body{flex:1;min-width:0}.pg-title{font-size:1.05em;margin:0;overflow-wrap:anywhere}.pg-child .pg-title{font-size:1em}
.pg-meta{margin:.15em 0;color:#57606a;font-size:.9em}.pg-people,.pg-chair{margin:.15em 0;font-size:.92em}.pg-unit{color:#57606a}
.pg-children{margin-top:6px;padding-left:10px;border-left:3px solid #d0d7de}.pg-child{padding:6px 0}
.pg-kind-break,.pg-kind-lunch{background:#f6f8fa}.pg-kind-keynote .pg-title{font-weight:700}
.pg-mark{flex:0 0 auto;font-size:22px;line-height:1;width:44px;height:44px;border:1px solid #d0d7de;border-radius:50%;background:#fff;color:#6e5200;cursor:pointer}
.pg-mark[aria-pressed=true]{background:#fff3c4;border-color:#9a6700}
.pg-clash-note{display:inline-block;margin-left:6px;padding:0 6px;border-radius:4px;background:#ffebe9;color:#a40e26;font-size:.85em;font-weight:600}
.pg-item.pg-clash{border-left:4px solid #cf222e;padding-left:6px}
.pg-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pg-rooms{display:grid;gap:12px}.pg-room-col{border:1px solid #eaeef2;border-radius:8px;padding:0 10px}
.pg-empty{padding:24px 12px;text-align:center;color:#3d444d;font-size:1.05em}
.pg-talk dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:.8em 0}.pg-talk dt{color:#57606a}.pg-talk dd{margin:0}
.pg-abstract{white-space:pre-line}.pg-feed input{width:100%;font:inherit;padding:6px;border:1px solid #8c959f;border-radius:6px}
@media (max-width:599px){.pg-item{flex-wrap:wrap;gap:2px 8px}.pg-time{flex-basis:100%}.pg-body{flex-basis:calc(100% - 56px)}}
@media (min-width:800px){.pg-rooms{grid-template-columns:repeat(auto-fit,minmax(260px,1fr))}.pg-time{flex-basis:7.5em}}
@media print{.pg-filter,.pg-links,.pg-views,.pg-mark,.pg-now{display:none}}
`.replace(/\n/g, '');

/**
 * The page's script: live filtering of what is shown, "now" and "next" on the conference's days,
 * and for a signed-in person their marks (GET the agenda, PUT/DELETE an item) and clashes. Texts
 * come from the page's data attributes, in its language.
 */
const SCRIPT = `
(function(){
  var root=document.querySelector('[data-programme]');if(!root)return;
  var L=JSON.parse(root.getAttribute('data-labels')||'{}');
  var items=[].slice.call(root.querySelectorAll('.pg-item'));
  function esc(s){var d=document.createElement('div');d.textContent=s;return d.innerHTML}
  var q=root.querySelector('.pg-filter input[type=search]');
  if(q&&!q.value){q.addEventListener('input',function(){var v=q.value.trim().toLowerCase();items.forEach(function(el){if(el.classList.contains('pg-child'))return;el.hidden=v!==''&&el.textContent.toLowerCase().indexOf(v)<0})})}
  var nowBox=root.querySelector('.pg-now');
  if(nowBox){var t=Date.now(),cur=[],next=[],soon=Infinity;
    items.forEach(function(el){var s=Date.parse(el.getAttribute('data-start')),e=Date.parse(el.getAttribute('data-end'));if(el.classList.contains('pg-child'))return;if(s<=t&&t<e)cur.push(el);else if(s>t&&s-t<12*36e5){if(s<soon){soon=s;next=[el]}else if(s===soon)next.push(el)}});
    function li(el){var a=el.querySelector('.pg-title a'),tm=el.querySelector('.pg-time'),r=el.querySelector('.pg-room');return '<li><a href="'+a.getAttribute('href')+'">'+esc(a.textContent)+'</a> <span class="pg-meta">'+esc(tm.textContent+' · '+(r?r.textContent:''))+'</span></li>'}
    if(cur.length||next.length){nowBox.innerHTML=(cur.length?'<h2>'+esc(L.now)+'</h2><ul>'+cur.map(li).join('')+'</ul>':'')+(next.length?'<h2>'+esc(L.next)+'</h2><ul>'+next.map(li).join('')+'</ul>':'');nowBox.hidden=false}}
  if(!root.hasAttribute('data-signed-in'))return;
  var buttons=[].slice.call(root.querySelectorAll('.pg-mark'));
  function show(view){var on={};view.uids.forEach(function(u){on[u]=1});
    buttons.forEach(function(b){var m=!!on[b.getAttribute('data-uid')];b.setAttribute('aria-pressed',m?'true':'false');b.title=m?L.unmark:L.mark;b.firstChild.textContent=m?'★':'☆';var a=b.querySelector('.pg-act');if(a)a.textContent=m?L.unmark:L.mark});
    [].slice.call(root.querySelectorAll('.pg-clash-note')).forEach(function(n){n.remove()});
    items.forEach(function(el){el.classList.remove('pg-clash')});
    var by={};view.clashes.forEach(function(c){(by[c[0]]=by[c[0]]||[]).push(c[1]);(by[c[1]]=by[c[1]]||[]).push(c[0])});
    Object.keys(by).forEach(function(u){var el=document.getElementById(u);if(!el)return;el.classList.add('pg-clash');var h=el.querySelector('.pg-title');if(h){var s=document.createElement('span');s.className='pg-clash-note';s.textContent=L.clash;h.appendChild(s)}})}
  function call(method,path){return fetch('/api/conference/programme/agenda'+path,{method:method,credentials:'same-origin',headers:{Accept:'application/json'}}).then(function(r){return r.json()}).then(function(e){if(e&&e.data&&e.data.uids){show(e.data);return e.data}throw new Error(e&&e.message||'failed')})}
  call('GET','').catch(function(){});
  root.addEventListener('click',function(ev){var b=ev.target.closest&&ev.target.closest('.pg-mark');if(!b)return;b.disabled=true;
    call(b.getAttribute('aria-pressed')==='true'?'DELETE':'PUT','/'+encodeURIComponent(b.getAttribute('data-uid'))).catch(function(){}).then(function(){b.disabled=false})});
})();
`;

export const PROGRAMME_SCRIPT = transformSync(SCRIPT, { minify: true, target: 'es2017' }).code.trim();
