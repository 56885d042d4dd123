// Environment: server. The platform host: its home page and the platform administration.
import { SideMenu } from '../../renderer/SideMenu';
import { Island } from '../../renderer/islands.server';
import { HeaderIslands } from '../../renderer/HeaderIslands';
import type { AdminPageProps } from '../../server/platform/shell/types';

function Home({ text, user, conferences }: AdminPageProps) {
  return (
    <section className="panel">
      <header className="panel-header">
        <h2>{text.conferencesTitle}</h2>
        {user ? null : (
          <a className="panel-action" href="/conferencelogin">
            {text.signIn}
          </a>
        )}
      </header>
      {conferences.length ? (
        <ul className="conference-list">
          {conferences.map((c) => (
            <li key={c.url}>
              <a href={c.url}>{c.name}</a>
              <span>{c.dates}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="panel-note">{text.noConferences}</p>
      )}
    </section>
  );
}

export default function Page(props: AdminPageProps) {
  const { view, text, lang, mobile, menu } = props;
  return (
    <div className="shell shell-platform">
      <header className="shell-header">
        <a className="auth-brand" href="/">
          <span className="auth-brand-short">{text.platformName}</span>
        </a>
        <nav className="auth-header-links">
          {props.user ? null : <a href="/conferencelogin">{text.signIn}</a>}
          <HeaderIslands userMenu={props.userMenu} langSwitch={props.langSwitch} />
        </nav>
      </header>
      <div className="shell-body">
        {menu.length ? (
          <aside className="shell-aside">
            <p className="shell-aside-title">{text.adminTitle}</p>
            <SideMenu items={menu} label={text.adminTitle} />
          </aside>
        ) : null}
        <main className="shell-main">
          {props.screen ? (
            <section className="panel">
              <header className="panel-header">
                <h2>{props.screen.title}</h2>
              </header>
              <Island name={props.screen.island.island} props={props.screen.island.props as never} />
            </section>
          ) : view === 'home' ? (
            <>
              {props.mine ? <Island name="MyConferences" props={props.mine} className="my-conferences-island" /> : null}
              <Home {...props} />
            </>
          ) : (
            <section className="panel">
              <header className="panel-header">
                <h2>{view === 'providers' ? text.providersTitle : text.superAdminsTitle}</h2>
              </header>
              {view === 'providers' ? (
                <Island
                  name="AdminProviders"
                  props={{ lang, mobile, providers: props.providers, origin: props.origin }}
                />
              ) : (
                <Island
                  name="AdminSuperAdmins"
                  props={{ lang, mobile, admins: props.admins, selfId: props.user?.id ?? 0 }}
                />
              )}
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
