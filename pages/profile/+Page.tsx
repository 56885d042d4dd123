// Environment: server. The personal-centre layout: a menu of the screens that exist, then the screen.
import { SideMenu } from '../../renderer/SideMenu';
import { Island } from '../../renderer/islands.server';
import { HeaderIslands } from '../../renderer/HeaderIslands';
import type { ProfilePageProps } from '../../server/platform/shell/types';

function InfoList({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="info-list">
      {rows.map(([label, value], i) => (
        <div key={`${label}-${i}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Registration({ registration, text }: ProfilePageProps) {
  if (!registration) return null;
  const rows: Array<[string, string]> = [
    [text.registrationCode, registration.code],
    ...registration.answers.map((a) => [a.title, a.value || '—'] as [string, string]),
  ];
  return (
    <section className="panel">
      <header className="panel-header">
        <h2>{text.registrationTitle}</h2>
        <a className="panel-action" href="/profile/registration/edit">
          {text.editRegistration}
        </a>
      </header>
      <InfoList rows={rows} />
    </section>
  );
}

function Menu({ menu, text }: ProfilePageProps) {
  return <SideMenu items={menu} label={text.menuLabel} badgeLabel={text.newBadge} />;
}

function UserInfo({ user, text }: ProfilePageProps) {
  const rows: Array<[string, string]> = [
    [text.name, user.name || '—'],
    [text.email, user.email],
    [text.accountId, String(user.id)],
    [text.status, user.attendee ? text.registered : text.notRegistered],
  ];
  if (user.roles.length) rows.push([text.roles, user.roles.join(text.separator)]);
  return (
    <section className="panel">
      <header className="panel-header">
        <h2>{text.userInfoTitle}</h2>
        <a className="panel-action" href="/profile/userInfo/Edit">
          {text.edit}
        </a>
      </header>
      <InfoList rows={rows} />
      {user.attendee ? null : (
        <p className="panel-note">
          {text.notRegisteredHint} <a href="/conferenceRegister">{text.goRegister}</a>
        </p>
      )}
      <p className="panel-note">
        <a href="/resetPassword">{text.changePassword}</a>
      </p>
    </section>
  );
}

export default function Page(props: ProfilePageProps) {
  const { text, lang, user } = props;
  return (
    <div className="shell">
      <header className="shell-header">
        <a className="auth-brand" href="/">
          <span className="auth-brand-short">{props.shortTitle}</span>
          <span className="auth-brand-name">{props.siteName}</span>
        </a>
        <nav className="auth-header-links">
          <a href="/">{text.backToSite}</a>
          <HeaderIslands userMenu={props.userMenu} langSwitch={props.langSwitch} />
        </nav>
      </header>
      <div className="shell-body">
        <aside className="shell-aside">
          <p className="shell-aside-title">{text.title}</p>
          <Menu {...props} />
        </aside>
        <main className="shell-main">
          {props.view === 'screen' && props.screen ? (
            <section className="panel">
              <header className="panel-header">
                <h2>{props.title}</h2>
              </header>
              <Island name={props.screen.island} props={props.screen.props as never} />
            </section>
          ) : props.view === 'userInfoEdit' ? (
            <section className="panel">
              <header className="panel-header">
                <h2>{text.editTitle}</h2>
              </header>
              <Island name="ProfileEditForm" props={{ lang, trueName: user.name, email: user.email }} />
            </section>
          ) : (
            <>
              <UserInfo {...props} />
              <Registration {...props} />
            </>
          )}
        </main>
      </div>
    </div>
  );
}
