/**
 * A search field with its button, drawn like antd's Input.Search (public/app.css, `lsr-*`), on the
 * browser's own field: antd's Input is ~15 KB gzipped (issue 32). Enter or the button searches;
 * emptying the field (typing it away, or the field's own clear button) searches for everything.
 */
import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { translator } from './i18n';
import type { Lang } from './locale';

export type LightSearchProps = {
  lang: Lang;
  placeholder?: string;
  onSearch: (text: string) => void;
  width?: number;
  block?: boolean;
  id?: string;
};

export function LightSearch({ lang, placeholder, onSearch, width, block, id }: LightSearchProps) {
  const t = translator(lang);
  const [text, setText] = useState('');
  return (
    <span className={block ? 'lsr lsr-block' : 'lsr'} style={block ? undefined : { width }} role="search">
      <input
        id={id}
        className="li-input lsr-input"
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={placeholder ?? t('controls:search')}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) onSearch('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
      />
      <button type="button" className="lsr-button" aria-label={t('controls:search')} onClick={() => onSearch(text)}>
        <SearchOutlined aria-hidden />
      </button>
    </span>
  );
}
