// Environment: server. The side menu of the management area, the personal centre and the
// platform's admin area. On a phone the row of sections scrolled sideways with no cue that more
// existed (issue 18: 4 of 13 showed); there it is a disclosure instead — the current section and
// the number of sections, opening to the whole list — without JavaScript.
export type SideMenuItem = { href: string; label: string; active: boolean; group?: string; badge?: number };

/** A count beside an entry; read as "2 new" by screen readers. */
function Badge({ n, label }: { n: number; label: string }) {
  return (
    <span className="side-menu-badge" aria-label={label.replace('{{count}}', String(n))}>
      {n > 99 ? '99+' : n}
    </span>
  );
}

function Items({ items, badgeLabel }: { items: SideMenuItem[]; badgeLabel: string }) {
  return (
    <ul>
      {items.map((item, i) => [
        // A group's heading before its first entry (spec 2.12 "conference customization").
        item.group && item.group !== items[i - 1]?.group ? (
          <li key={`group:${item.group}`} className="side-menu-group" role="presentation">
            {item.group}
          </li>
        ) : null,
        <li key={item.href} className={item.active ? 'active' : undefined}>
          <a href={item.href} aria-current={item.active ? 'page' : undefined}>
            {item.label}
            {item.badge ? <Badge n={item.badge} label={badgeLabel} /> : null}
          </a>
        </li>,
      ])}
    </ul>
  );
}

/** `badgeLabel`: how a badge is read, with {{count}} (e.g. "{{count}} new"). */
export function SideMenu({ items, label, badgeLabel = '{{count}}' }: { items: SideMenuItem[]; label: string; badgeLabel?: string }) {
  const current = items.find((i) => i.active)?.label ?? label;
  const news = items.reduce((n, i) => n + (i.badge ?? 0), 0);
  return (
    <>
      <nav className="side-menu side-menu-wide" aria-label={label}>
        <Items items={items} badgeLabel={badgeLabel} />
      </nav>
      <details className="side-menu-phone">
        <summary>
          <span className="side-menu-current">{current}</span>
          {/* Closed on a phone, the list still says something new is inside. */}
          {news ? <Badge n={news} label={badgeLabel} /> : null}
          <span className="side-menu-count" aria-label={`${label}: ${items.length}`}>☰ {items.length}</span>
        </summary>
        <nav aria-label={label}>
          <Items items={items} badgeLabel={badgeLabel} />
        </nav>
      </details>
    </>
  );
}
