// Environment: server. The account pages: a header with the conference, the forms as islands.
import { Island } from '../../renderer/islands.server';

import type { AccountPageProps } from '../../server/modules/accounts/index';

/** The forms of a view: the platform's frame on a conference host, the islands elsewhere. */
function Forms({ props, form }: { props: AccountPageProps; form: 'login' | 'signup' | 'reset' }) {
  const { lang, redirect, platform, embed } = props;
  if (props.frameSrc)
    return <Island name="AccountFrame" props={{ src: props.frameSrc, title: props.text.frameTitle }} />;
  if (form === 'signup') return <Island name="SignUpForm" props={{ lang, next: props.afterSignUp, handoff: embed }} />;
  if (form === 'reset')
    return (
      <Island name="ResetPasswordForm" props={{ lang, email: embed?.email ?? null, name: null, handoff: embed }} />
    );
  return <Island name="LoginForm" props={{ lang, redirect, platform, handoff: embed }} />;
}

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
          <Island
            name="LangSwitch"
            props={{ lang, labels: { zh: '中文', en: 'EN' }, title: text.switchLanguage }}
            className="auth-lang"
          />
        ) : null}
      </nav>
    </header>
  );
}

function LoginCards(props: AccountPageProps) {
  const { lang, text, platform } = props;
  if (props.embed) {
    return (
      <section className="auth-card" aria-labelledby="account-login">
        <h2 id="account-login">{text.accountLogin}</h2>
        <Forms props={props} form="login" />
      </section>
    );
  }
  return (
    <div className="auth-grid">
      <section className="auth-card" aria-labelledby="account-login">
        <h2 id="account-login">{text.accountLogin}</h2>
        <Forms props={props} form="login" />
      </section>
      {platform || props.embed ? null : (
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
          <Forms props={props} form="signup" />
        </section>
      );
    case 'reset':
      return (
        <section className="auth-card auth-card-narrow" aria-labelledby="reset">
          <h2 id="reset">{text.resetTitle}</h2>
          <Forms props={props} form="reset" />
        </section>
      );
    case 'register':
      // On a conference host both forms are one frame (the platform's page of this view); the
      // organisation login (single sign-on, no password here) is offered beside it, as on the login page.
      if (props.frameSrc) {
        return (
          <>
            <p className="auth-subtitle-red">{text.loginTitle2}</p>
            <Forms props={props} form="login" />
            <section className="auth-card" aria-labelledby="org-login" style={{ marginTop: 24 }}>
              <h2 id="org-login">{text.orgLogin}</h2>
              <Island name="OrgLogin" props={{ lang, state: props.orgState, common: props.commonOrgs }} />
            </section>
          </>
        );
      }
      return (
        <>
          {props.embed ? null : <p className="auth-subtitle-red">{text.loginTitle2}</p>}
          <div className="auth-grid">
            <section className="auth-card" aria-labelledby="account-login">
              <h2 id="account-login">{text.accountLogin}</h2>
              <Island
                name="LoginForm"
                props={{
                  lang,
                  redirect: props.redirect ?? '/conferenceRegister',
                  platform: false,
                  handoff: props.embed,
                }}
              />
            </section>
            <section className="auth-card" aria-labelledby="signup">
              <h2 id="signup">{text.signUpTitle}</h2>
              <Forms props={props} form="signup" />
            </section>
          </div>
        </>
      );
    default:
      return <LoginCards {...props} />;
  }
}

export default function Page(props: AccountPageProps) {
  // The frame inside a conference's page: the forms alone, the page around it has the rest.
  if (props.embed) {
    return (
      <div className="auth-page auth-embed">
        <Body {...props} />
      </div>
    );
  }
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
