// Environment: server. The prompt pages (/404 /403 /401 /unpublished): static, no JavaScript needed.
import { Button, Result } from 'antd';

export type PromptProps = {
  status: '404' | '403' | '401' | 'unpublished';
  title: string;
  text: string;
  actions: Array<{ label: string; href: string; primary?: boolean }>;
  siteName: string;
};

export default function Page({ status, title, text, actions, siteName }: PromptProps) {
  const resultStatus = status === 'unpublished' ? 'info' : status === '401' ? '403' : status;
  return (
    <main className="prompt-page">
      {siteName ? <p className="prompt-site">{siteName}</p> : null}
      <Result
        status={resultStatus}
        title={title}
        subTitle={text}
        extra={actions.map((a) => (
          <Button key={a.href} type={a.primary ? 'primary' : 'default'} href={a.href}>
            {a.label}
          </Button>
        ))}
      />
    </main>
  );
}
