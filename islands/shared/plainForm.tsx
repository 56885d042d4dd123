/**
 * Form rows on the browser's own controls, for the forms everyone loads (the registration form,
 * the account forms in the platform's frame): no antd runtime on those pages (issue 17). Drawn by
 * the `rf-*` rules of public/app.css; ids and messages wired for screen readers.
 */
import type { ReactNode } from 'react';

export type RowProps = {
  /** the control's id; the message is `${id}_help` */
  id: string;
  label: string;
  required?: boolean;
  error?: string | null;
  /** a line under the control while there is no message (the password's rule, say) */
  hint?: string;
  /** a group of radios or checkboxes: the label names the group instead of one control */
  group?: boolean;
  field?: string;
  children: ReactNode;
};

export function FieldRow({ id, label, required, error, hint, group, field, children }: RowProps) {
  const labelNode = <span className={required ? 'rf-label rf-required' : 'rf-label'}>{label}</span>;
  return (
    <div className={error ? 'rf-item rf-item-error' : 'rf-item'} data-field={field}>
      {group ? (
        <div className="rf-label-row" id={`${id}_label`}>
          {labelNode}
        </div>
      ) : (
        <label className="rf-label-row" htmlFor={id}>
          {labelNode}
        </label>
      )}
      {children}
      {error ? (
        <div className="rf-error" id={`${id}_help`} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="rf-hint">{hint}</div>
      ) : null}
    </div>
  );
}

/** The attributes that tie a control to its row's message. */
export function controlAria(id: string, error?: string | null) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}_help` : undefined };
}

/** A message under a whole form (what antd showed as a toast): role alert for a refusal. */
export function FormStatus({ status }: { status: { kind: 'ok' | 'warn' | 'info'; text: string } | null }) {
  if (!status) return null;
  return (
    <div className={`rf-alert rf-alert-${status.kind} rf-status`} role={status.kind === 'warn' ? 'alert' : 'status'}>
      {status.text}
    </div>
  );
}
