/**
 * The account forms of a conference's pages (sign-in, sign-up, reset): a frame served by the
 * platform host, so that no password is ever typed on the conference's origin, where its managers'
 * scripts run (docs/accounts.md). The frame tells its height, and may ask for the hand-over
 * address to be opened when the browser does not let it navigate the window itself.
 */
import { useEffect, useState } from 'react';
import { FRAME_MESSAGE, type FrameMessage } from '../shared/handoff';
import type { AccountFrameProps } from './props';

export default function AccountFrame({ src, title }: AccountFrameProps) {
  const [height, setHeight] = useState(440);
  useEffect(() => {
    const platform = new URL(src, location.href).origin;
    function onMessage(event: MessageEvent<FrameMessage>) {
      if (event.origin !== platform || event.data?.type !== FRAME_MESSAGE) return;
      const { height: h, navigate } = event.data;
      if (typeof h === 'number' && h > 0 && h < 5000) setHeight(h);
      // Only this conference's own hand-over address, nothing the message could choose.
      if (typeof navigate === 'string' && navigate.startsWith(`${location.origin}/auth/handoff?`))
        location.assign(navigate);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);
  return (
    <iframe
      className="account-frame"
      src={src}
      title={title}
      style={{ width: '100%', height, border: 0, display: 'block' }}
    />
  );
}
