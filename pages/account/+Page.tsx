// Environment: server. The account pages: a header with the conference, the forms as islands.
import { Island } from '../../renderer/islands.server';
import type { Organisation } from '../../islands/OrgLogin/index';

export type AccountView = 'login' | 'signup' | 'register' | 'closed' | 'reset' | 'loggedIn';

export type AccountPageProps = {
  view: AccountView;
  lang: 'zh' | 'en';
  text: Record<string, string>;
  siteName: string;
  shortTitle: string;
  bilingual: boolean;
  platform: boolean;
  redirect: string | null;
  orgState: string;
  commonOrgs: Organisation[];
  userName: string;
  afterSignUp: string;
};

function Header({ siteName, shortTitle, bilingual, lang, text }: AccountPageProps) {
  return (
    <header className="auth-header">
      <a className="auth-brand" href="/">
        <span className="auth-brand-short">{shortTitle}</span>
        <span className="auth-brand-name">{siteName}</span>
      </a>
      <nav className="auth-header-links">
        <a href="/">{text.backToSite}</a>
        {bilingual ? (
          <Island name="LangSwitch" props={{ lang, labels: { zh: '中文', en: 'EN' }, title: text.switchLanguage }} className="auth-lang" />
        ) : null}
      </nav>
    </header>
  );
}

function LoginCards(props: AccountPageProps) {
  const { lang, text, redirect, platform } = props;
  return (
    <div className="auth-grid">
      <section className="auth-card" aria-labelledby="account-login">
        <h2 id="account-login">{text.accountLogin}</h2>
        <Island name="LoginForm" props={{ lang, redirect, platform }} />
      </section>
      {platform ? null : (
        <section className="auth-card" aria-labelledby="org-login">
          <h2 id="org-login">{text.orgLogin}</h2>
          <Island name="OrgLogin" props={{ lang, state: props.orgState, common: props.commonOrgs }} />
        </section>
      )}
    </div>
  );
}

function Body(props: AccountPageProps) {
  const { view, lang, text } = props;
  switch (view) {
    case 'loggedIn':
      return (
        <section className="auth-card auth-card-narrow">
          <h2>{text.alreadyLoggedIn}</h2>
          <p>{text.loggedInAs}</p>
          <p>
            <a className="auth-button" href={props.platform ? '/' : '/conferenceRegister'}>
              {props.platform ? text.continue : text.goRegister}
            </a>
          </p>
        </section>
      );
    case 'closed':
      return (
        <section className="auth-card auth-card-narrow">
          <p className="auth-subtitle-red">{text.loginTitle2}</p>
          <h2>{text.registrationClosed}</h2>
        </section>
      );
    case 'signup':
      return (
        <section className="auth-card auth-card-narrow" aria-labelledby="signup">
          <h2 id="signup">{text.signUpTitle}</h2>
          <Island name="SignUpForm" props={{ lang, next: props.afterSignUp }} />
        </section>
      );
    case 'reset':
      return (
        <section className="auth-card auth-card-narrow" aria-labelledby="reset">
          <h2 id="reset">{text.resetTitle}</h2>
          <Island name="ResetPasswordForm" props={{ lang, email: null, name: null }} />
        </section>
      );
    case 'register':
      return (
        <>
          <p className="auth-subtitle-red">{text.loginTitle2}</p>
          <div className="auth-grid">
            <section className="auth-card" aria-labelledby="account-login">
              <h2 id="account-login">{text.accountLogin}</h2>
              <Island name="LoginForm" props={{ lang, redirect: '/conferenceRegister', platform: false }} />
            </section>
            <section className="auth-card" aria-labelledby="signup">
              <h2 id="signup">{text.signUpTitle}</h2>
              <Island name="SignUpForm" props={{ lang, next: props.afterSignUp }} />
            </section>
          </div>
        </>
      );
    default:
      return <LoginCards {...props} />;
  }
}

export default function Page(props: AccountPageProps) {
  return (
    <div className="auth-page">
      <Header {...props} />
      <main className="auth-main">
        <h1 className="auth-title">{props.text.title}</h1>
        <Body {...props} />
      </main>
    </div>
  );
}
