/*
 * The page runtime of public conference pages (no framework). Inlined at the top of <head> so
 * template scripts can register callbacks while the page is still parsing:
 *   window.ConferenceSite.onTemplateReady(function (config) { ... })
 *   window.ConferenceSite.onMenuReady(function (menu) { ... })
 * Callbacks run once the document is parsed; registering later runs them at once.
 * It also wires language buttons (.t-lang-zh/.t-lang-en) and Exit links: those a template makes,
 * and those of islands whose code has not arrived yet.
 */
(function () {
  'use strict';
  var ready = false;
  var data = { config: null, menu: [] };
  var queues = { template: [], menu: [] };

  function run(fn, arg) {
    try {
      fn(arg);
    } catch (err) {
      if (window.console) console.error('[ConferenceSite] callback failed', err);
    }
  }

  function register(kind) {
    return function (fn) {
      if (typeof fn !== 'function') return;
      if (ready) run(fn, kind === 'template' ? data.config : data.menu);
      else queues[kind].push(fn);
    };
  }

  function switchLocale(lang) {
    document.cookie = 'locale=' + lang + '; path=/; max-age=31536000; samesite=lax';
    try { localStorage.setItem('locale', lang); } catch (e) { /* storage may be refused */ }
    if (location.pathname.indexOf('/page/') === 0) location.assign('/');
    else location.reload();
  }

  var TOAST_MS = 2000; // spec 9: notifications last 2000 ms
  var toastTimer = 0;

  /** The error toast (spec 8 "Logout fails"), as the user menu's: top centre, for 2 s, read out by screen readers. */
  function toast(text) {
    var box = document.querySelector('.template-toast');
    if (!box) {
      box = document.createElement('div');
      box.className = 'template-toast';
      box.setAttribute('role', 'alert');
      box.setAttribute('style', 'position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:10000;max-width:calc(100vw - 32px);box-sizing:border-box;padding:8px 16px;border-radius:6px;background:#fff2f0;border:1px solid #ffccc7;color:#a8071a;font-size:14px;line-height:1.5;box-shadow:0 4px 12px rgba(0,0,0,.15)');
      document.body.appendChild(box);
    }
    box.textContent = text;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { if (box.parentNode) box.parentNode.removeChild(box); }, TOAST_MS);
  }

  /**
   * Ends the session, then leaves for the home page (or the passport's logout address). A failed
   * logout (an error answer, a refusal, no network) leaves the person here, signed in, and says so.
   */
  function logout() {
    fetch('/api/base/oauth/logout', { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (res) {
        return res.json().catch(function () { return null; }).then(function (body) {
          var answer = body && body.data;
          if (!res.ok || !answer || answer.flag === false) throw new Error((answer && answer.message) || 'logout failed');
          // With a passport provider, its logout address ends the single sign-on session too.
          location.assign(answer.logoutUrl || '/');
        });
      })
      .catch(function () {
        // The server's message is a catalog key this script cannot translate: the page brings the sentence.
        toast((data.texts && data.texts.logoutFailed) || 'Logout failed');
      });
  }

  document.addEventListener('click', function (event) {
    var target = event.target && event.target.closest ? event.target : null;
    // A hydrated island handles its own clicks; before that, the runtime does the same job.
    if (!target || target.closest('[data-island][data-hydrated]')) return;
    var exit = target.closest('[data-action="logout"]');
    if (exit) { event.preventDefault(); logout(); return; }
    var lang = target.closest('.t-lang-zh, .t-lang-en');
    if (lang) {
      event.preventDefault();
      var next = lang.classList.contains('t-lang-zh') ? 'zh' : 'en';
      if (document.documentElement.classList.contains('template-lang-' + next)) return;
      switchLocale(next);
    }
  });

  function start() {
    var node = document.getElementById('conference-site-data');
    if (node) {
      try { data = JSON.parse(node.textContent || '{}'); } catch (e) { /* keep the defaults */ }
    }
    try { localStorage.setItem('locale', data.config && data.config.lang ? data.config.lang : 'zh'); } catch (e) { /* ignore */ }
    ready = true;
    queues.template.splice(0).forEach(function (fn) { run(fn, data.config); });
    queues.menu.splice(0).forEach(function (fn) { run(fn, data.menu); });
  }

  window.ConferenceSite = { onTemplateReady: register('template'), onMenuReady: register('menu'), switchLocale: switchLocale, logout: logout };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
