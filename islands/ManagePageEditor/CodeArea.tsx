/**
 * A code field: a plain monospace textarea on the server and until CodeMirror has loaded (or if
 * it cannot load), then CodeMirror. `insert` puts text at the cursor of whichever is shown.
 */
import {
  Component,
  forwardRef,
  lazy,
  Suspense,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { EditorView } from '@codemirror/view';

const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

export type CodeAreaHandle = { insert(text: string): void };
type Props = { value: string; language: 'html' | 'css'; height: number; label: string; onChange(value: string): void };

/** If the editor's chunk fails to load, the textarea stays. */
class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export const CodeArea = forwardRef<CodeAreaHandle, Props>(function CodeArea(
  { value, language, height, label, onChange },
  ref,
) {
  const [mounted, setMounted] = useState(false);
  const view = useRef<EditorView | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // Where a manager was typing in the textarea when CodeMirror replaced it (null: not typing there).
  const typing = useRef<number | null>(null);
  useEffect(() => setMounted(true), []);

  /** CodeMirror has taken the textarea's place: whoever was typing there carries on, at the same spot. */
  function takeOver(v: EditorView | null) {
    view.current = v;
    if (!v || typing.current === null) return;
    v.focus();
    v.dispatch({ selection: { anchor: Math.min(typing.current, v.state.doc.length) } });
    typing.current = null;
  }

  useImperativeHandle(ref, () => ({
    insert(text: string) {
      const v = view.current;
      if (v) {
        v.dispatch(v.state.replaceSelection(text));
        v.focus();
        return;
      }
      const el = textarea.current;
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? value.length;
      onChange(value.slice(0, start) + text + value.slice(end));
      requestAnimationFrame(() => {
        if (!el) return;
        el.focus();
        el.setSelectionRange(start + text.length, start + text.length);
      });
    },
  }));

  const plain = (
    <textarea
      ref={textarea}
      className="code-area-plain"
      aria-label={label}
      value={value}
      spellCheck={false}
      onChange={(e) => {
        typing.current = e.target.selectionEnd;
        onChange(e.target.value);
      }}
      onFocus={(e) => (typing.current = e.target.selectionEnd)}
      onSelect={(e) => (typing.current = e.currentTarget.selectionEnd)}
      onBlur={() => (typing.current = null)}
      style={{
        width: '100%',
        height,
        font: '13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        padding: '8px 10px',
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        resize: 'vertical',
        whiteSpace: 'pre',
        boxSizing: 'border-box',
      }}
    />
  );
  if (!mounted) return plain;
  return (
    <Fallback fallback={plain}>
      <Suspense fallback={plain}>
        <CodeMirrorEditor
          value={value}
          language={language}
          height={`${height}px`}
          label={label}
          onChange={onChange}
          onView={takeOver}
        />
      </Suspense>
    </Fallback>
  );
});
