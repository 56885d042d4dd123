// Environment: server. The management layout: the menu of the screens that exist, then the screen.
import { Island } from '../../renderer/islands.server';
import { HeaderIslands } from '../../renderer/HeaderIslands';
import { SideMenu } from '../../renderer/SideMenu';
import type { PlatformPageProps } from '../../server/platform/shell/types';

function Overview({ text, title, overview, statusTone, actions }: PlatformPageProps) {
  return (
    <section className="panel">
      <header className="panel-header">
        <h2>{title}</h2>
        <span className={`status-tag status-${statusTone}`}>{text.statusLabel}</span>
      </header>
      <dl className="info-list">
        {(overview ?? []).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <Island name={actions.island} props={actions.props as never} /> : null}
    </section>
  );
}

export default function Page(props: PlatformPageProps) {
  const { text, shortTitle, menu, screen, title } = props;
  return (
    <div className="shell shell-platform">
      <header className="shell-header">
        <a className="auth-brand" href="/">
          <span className="auth-brand-short">{shortTitle}</span>
          <span className="auth-brand-name">{text.areaTitle}</span>
        </a>
        <nav className="auth-header-links">
          <a href="/">{text.backToSite}</a>
          <HeaderIslands userMenu={props.userMenu} langSwitch={props.langSwitch} />
        </nav>
      </header>
      <div className="shell-body">
        <aside className="shell-aside">
          <p className="shell-aside-title">{text.areaTitle}</p>
          <SideMenu items={menu} label={text.areaTitle} />
        </aside>
        <main className="shell-main">
          {screen ? (
            <section className="panel">
              <header className="panel-header">
                <h2>{title}</h2>
              </header>
              <Island name={screen.island} props={screen.props as never} />
            </section>
          ) : (
            <Overview {...props} />
          )}
        </main>
      </div>
    </div>
  );
}
