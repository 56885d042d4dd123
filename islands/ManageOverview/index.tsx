/**
 * The managers' overview (issue 33): every feature's panel, its headline figures and charts. The
 * server draws each chart as SVG (ECharts' server-side rendering), so the page reads before any
 * script; once hydrated each chart becomes a live ECharts chart (tooltips, its width following
 * the screen), and the figures are asked for again every few seconds (the server answers from
 * its cache until the data changes). Every chart has a text alternative, its numbers in a table
 * one click away, and a link to the list behind it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  overviewApi,
  OVERVIEW_REFRESH_MS,
  type OverviewChart,
  type OverviewPanelView,
} from '../../server/contract/overview';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { echarts, heightOf, optionOf, summaryOf, svgOf, valueText } from './options';
import type { ManageOverviewProps } from './props';
import type { T } from '../shared/i18n';

function NumbersTable({ chart, lang }: { chart: OverviewChart; lang: Lang }) {
  if (chart.kind === 'heatmap') {
    const value = new Map((chart.cells ?? []).map(([x, y, v]) => [`${x}:${y}`, v]));
    return (
      <table className="ov-table">
        <thead>
          <tr>
            <th scope="col">{chart.title}</th>
            {chart.categories.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(chart.rows ?? []).map((row, y) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              {chart.categories.map((c, x) => (
                <td key={c}>{value.has(`${x}:${y}`) ? `${value.get(`${x}:${y}`)}%` : '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <table className="ov-table">
      <thead>
        <tr>
          <th scope="col">{chart.title}</th>
          {chart.series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.categories.map((c, i) => (
          <tr key={`${c}-${i}`}>
            <th scope="row">{chart.links?.[i] ? <a href={chart.links[i]!}>{c}</a> : c}</th>
            {chart.series.map((s) => (
              <td key={s.name}>{valueText(chart, s.values[i] ?? 0, lang)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One chart: the server's SVG until the browser has hydrated, then a live chart in its place. */
function Chart({ chart, lang, mobile, t }: { chart: OverviewChart; lang: Lang; mobile: boolean; t: T }) {
  const box = useRef<HTMLDivElement>(null);
  const live = useRef<ReturnType<typeof echarts.init> | null>(null);
  const [hydrated, setHydrated] = useState(false);
  // Drawn during the render so the browser's first render is exactly the server's HTML.
  const svg = useMemo(
    () => (hydrated || chart.empty ? '' : svgOf(chart, lang, mobile)),
    [hydrated, chart, lang, mobile],
  );
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!hydrated || !box.current || chart.empty) return;
    if (!live.current) {
      // The server's drawing goes; the live chart takes its place.
      box.current.innerHTML = '';
      live.current = echarts.init(box.current, null, { renderer: 'svg' });
    }
    const instance = live.current;
    instance.setOption(optionOf(chart, lang, mobile), true);
    // a bar (a heat map's cell: its column) opens the list behind it, filtered (issue 33)
    instance.off('click');
    instance.on('click', (p) => {
      const at = chart.kind === 'heatmap' && Array.isArray(p.value) ? Number(p.value[0]) : p.dataIndex;
      const href = chart.links?.[at];
      if (href) location.assign(href);
    });
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [hydrated, chart, lang, mobile]);
  useEffect(() => () => live.current?.dispose(), []);
  const summary = summaryOf(chart, lang, t);
  return (
    <figure className="ov-chart" aria-labelledby={`${chart.id}-title`}>
      <figcaption id={`${chart.id}-title`} className="ov-chart-title">
        {chart.title}
      </figcaption>
      {chart.empty ? (
        <p className="ov-empty">{t('overview:noData')}</p>
      ) : (
        <div
          ref={box}
          className="ov-drawing"
          role="img"
          aria-label={summary}
          style={{ height: heightOf(chart, mobile) }}
          {...(svg ? { dangerouslySetInnerHTML: { __html: svg } } : {})}
        />
      )}
      <div className="ov-chart-links">
        {!chart.empty && (
          <details>
            <summary>{t('overview:numbers')}</summary>
            <div className="ov-table-wrap">
              <NumbersTable chart={chart} lang={lang} />
            </div>
          </details>
        )}
        {chart.href && <a href={chart.href}>{t('overview:openList')}</a>}
      </div>
    </figure>
  );
}

function Panel({ panel, lang, mobile, t }: { panel: OverviewPanelView; lang: Lang; mobile: boolean; t: T }) {
  return (
    <section className="ov-panel" aria-labelledby={`ov-${panel.name}`}>
      <h2 id={`ov-${panel.name}`}>{panel.title}</h2>
      <dl className="ov-figures">
        {panel.figures.map((f) => (
          <div key={f.label} className={f.warn ? 'ov-figure ov-warn' : 'ov-figure'}>
            <dt>{f.label}</dt>
            <dd>{f.href ? <a href={f.href}>{f.value}</a> : f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="ov-charts">
        {panel.charts.map((c) => (
          <Chart key={c.id} chart={c} lang={lang} mobile={mobile} t={t} />
        ))}
      </div>
    </section>
  );
}

export default function ManageOverview({ lang, mobile, panels: initial }: ManageOverviewProps) {
  const t = translator(lang);
  const [panels, setPanels] = useState(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const next = await call(overviewApi.panels);
        if (stopped) return;
        // Same figures: keep the objects, so no chart is drawn again.
        setPanels((now) => (JSON.stringify(now) === JSON.stringify(next.panels) ? now : next.panels));
        setFailed(false);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    const timer = window.setInterval(() => void refresh(), OVERVIEW_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  const at = panels
    .map((p) => p.at)
    .sort()
    .pop();
  return (
    <div className={mobile ? 'ov-overview ov-mobile' : 'ov-overview'}>
      <p className="ov-intro">
        {t('overview:intro')}{' '}
        {at && (
          <span className="ov-updated">
            {t('overview:updated', {
              time:
                new Date(at).toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB', {
                  hour: '2-digit',
                  minute: '2-digit',
                  second: '2-digit',
                  timeZone: 'UTC',
                }) + ' UTC',
            })}
          </span>
        )}
      </p>
      {failed && (
        <p role="status" className="ov-failed">
          {t('overview:refreshFailed')}
        </p>
      )}
      {panels.map((p) => (
        <Panel key={p.name} panel={p} lang={lang} mobile={mobile} t={t} />
      ))}
    </div>
  );
}
