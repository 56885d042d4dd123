/** CodeMirror 6 for HTML or CSS. Loaded lazily by CodeArea: the page renders and works without it. */
import { useMemo } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';

export type CodeMirrorEditorProps = {
  value: string;
  language: 'html' | 'css';
  height: string;
  label: string;
  onChange(value: string): void;
  onView(view: EditorView | null): void;
};

export default function CodeMirrorEditor({ value, language, height, label, onChange, onView }: CodeMirrorEditorProps) {
  // No auto-closing of tags: it also completes `</` into `</p>`, so a manager who types the closing
  // tag themselves is left with a stray `p>` (issue 18); what is typed is what is kept.
  const extensions = useMemo(
    () => [
      language === 'html' ? html({ autoCloseTags: false }) : css(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [language, label],
  );
  return (
    <CodeMirror
      value={value}
      height={height}
      extensions={extensions}
      onChange={onChange}
      onCreateEditor={(view) => onView(view)}
      basicSetup={{ foldGutter: true, highlightActiveLine: true, tabSize: 2 }}
      style={{ fontSize: 13, border: '1px solid #d9d9d9', borderRadius: 8, overflow: 'hidden' }}
    />
  );
}
