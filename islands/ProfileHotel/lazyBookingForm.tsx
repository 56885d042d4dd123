/**
 * The booking dialog loads when a room's form first opens (issue 32): its date pickers, form and
 * number field are ~65 KB gzipped that the list of hotels does not need. Fetched when the browser is
 * idle after hydration, so a click seldom waits; a `?room=` link opens it as soon as it has loaded.
 */
import type { BookingForm as Form } from './BookingForm';
import { Later, lazyPart, usePreload } from '../shared/lazyPart';

const LazyBookingForm = lazyPart(() => import('./BookingForm').then((m) => m.BookingForm));

export function BookingForm(props: Parameters<typeof Form>[0]) {
  usePreload(LazyBookingForm);
  return (
    <Later when={props.choice !== null}>
      <LazyBookingForm {...props} />
    </Later>
  );
}
