// Environment: server. The side menu of the management area, the personal centre and the
// platform's admin area. On a phone the row of sections scrolled sideways with no cue that more
// existed (issue 18: 4 of 13 showed); there it is a disclosure instead — the current section and
// the number of sections, opening to the whole list — without JavaScript.
export type SideMenuItem = { href: string; label: string; active: boolean; group?: string };

function Items({ items }: { items: SideMenuItem[] }) {
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
          </a>
        </li>,
      ])}
    </ul>
  );
}

export function SideMenu({ items, label }: { items: SideMenuItem[]; label: string }) {
  const current = items.find((i) => i.active)?.label ?? label;
  return (
    <>
      <nav className="side-menu side-menu-wide" aria-label={label}>
        <Items items={items} />
      </nav>
      <details className="side-menu-phone">
        <summary>
          <span className="side-menu-current">{current}</span>
          <span className="side-menu-count" aria-label={`${label}: ${items.length}`}>☰ {items.length}</span>
        </summary>
        <nav aria-label={label}>
          <Items items={items} />
        </nav>
      </details>
    </>
  );
}
