/**
 * An author's declared conflicts of interest, one line each: the e-mail and the institution given.
 * A plain list drawn like antd's small List (`ls-*` in public/app.css): antd's List brings its
 * pagination, hence antd's Select (issue 32).
 */
import type { DeclaredConflict } from '../../server/contract/submissions';

export function DeclaredConflicts({ conflicts }: { conflicts: DeclaredConflict[] }) {
  if (!conflicts.length) return <span className="lx-text lx-secondary">—</span>;
  return (
    <ul className="ls-list">
      {conflicts.map((c, i) => (
        <li key={i} className="ls-item">
          {[c.email, c.organisation].filter(Boolean).join(' · ')}
        </li>
      ))}
    </ul>
  );
}
