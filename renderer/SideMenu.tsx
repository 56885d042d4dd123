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

function Entry({ item, badgeLabel }: { item: SideMenuItem; badgeLabel: string }) {
  return (
    <li className={item.active ? 'active' : undefined}>
      <a href={item.href} aria-current={item.active ? 'page' : undefined}>
        {item.label}
        {item.badge ? <Badge n={item.badge} label={badgeLabel} /> : null}
      </a>
    </li>
  );
}

/**
 * The entries, a group's (spec 2.12 "conference customization") in a list of its own under its
 * heading: a list holds only list items (axe "list": the heading was an item with no item role).
 */
function Items({ items, badgeLabel }: { items: SideMenuItem[]; badgeLabel: string }) {
  const runs: Array<{ group?: string; items: SideMenuItem[] }> = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    if (last && last.group === item.group) last.items.push(item);
    else runs.push({ group: item.group, items: [item] });
  }
  return (
    <ul>
      {runs.map((run) =>
        run.group ? (
          <li key={`group:${run.group}`} className="side-menu-grouped">
            <div className="side-menu-group" aria-hidden="true">
              {run.group}
            </div>
            <ul aria-label={run.group}>
              {run.items.map((item) => (
                <Entry key={item.href} item={item} badgeLabel={badgeLabel} />
              ))}
            </ul>
          </li>
        ) : (
          run.items.map((item) => <Entry key={item.href} item={item} badgeLabel={badgeLabel} />)
        ),
      )}
    </ul>
  );
}

/** `badgeLabel`: how a badge is read, with {{count}} (e.g. "{{count}} new"). */
export function SideMenu({
  items,
  label,
  badgeLabel = '{{count}}',
}: {
  items: SideMenuItem[];
  label: string;
  badgeLabel?: string;
}) {
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
          <span className="side-menu-count" aria-label={`${label}: ${items.length}`}>
            ☰ {items.length}
          </span>
        </summary>
        <nav aria-label={label}>
          <Items items={items} badgeLabel={badgeLabel} />
        </nav>
      </details>
    </>
  );
}
