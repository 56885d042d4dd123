/** The rich-text sanitiser (server/platform/sanitize.ts): what it keeps and what it takes out. */
import { expect, test } from 'vitest';
import { sanitizeHtml } from '../../../server/platform/sanitize';

test.each([
  ['script and handlers', '<img src=x onerror=alert(1)><script>alert(2)</script><p>中文</p>', '<img><p>中文</p>'],
  [
    'javascript: links; a target gets rel',
    '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><a href="https://e.org" target="_blank">c</a>',
    '<a>a</a><a>b</a><a href="https://e.org" target="_blank" rel="noopener noreferrer">c</a>',
  ],
  [
    'frames, objects, forms, svg, style',
    '<iframe src="https://e.org"></iframe><object data="x"></object><embed src="x"><form><input></form><svg onload="x()"><circle/></svg><style>p{}</style><p>ok</p>',
    '<p>ok</p>',
  ],
  [
    'image sources: http(s), data:image and this site only',
    '<img src="https://e.org/a.png" alt="a"><img src="/files/a.png"><img src="//evil.org/a.png"><img src="data:image/png;base64,AA"><img src="data:text/html,x"><img src="javascript:x">',
    '<img src="https://e.org/a.png" alt="a"><img src="/files/a.png"><img><img src="data:image/png;base64,AA"><img><img>',
  ],
  [
    'style on span and div only, never loading anything',
    '<span style="color:red">r</span><p style="color:red">p</p><div style="background:url(https://t.example/x)">d</div>',
    '<span style="color:red">r</span><p>p</p><div>d</div>',
  ],
  [
    'the rich-text tags',
    '<h1>a</h1><h6>b</h6><p>x<br><b>b</b><i>i</i><u>u</u><strong>s</strong><em>e</em></p><ol><li>1</li></ol><ul><li>2</li></ul><table><thead><tr><th>h</th></tr></thead><tbody><tr><td rowspan="2">d</td></tr></tbody></table>',
    '<h1>a</h1><h6>b</h6><p>x<br><b>b</b><i>i</i><u>u</u><strong>s</strong><em>e</em></p><ol><li>1</li></ol><ul><li>2</li></ul><table><thead><tr><th>h</th></tr></thead><tbody><tr><td rowspan="2">d</td></tr></tbody></table>',
  ],
  [
    'Chinese and punctuation as written, not as entities',
    '<p>会议“通知”——欢迎 © 2027 &amp; &lt;more&gt;</p>',
    '<p>会议“通知”——欢迎 © 2027 &amp; &lt;more&gt;</p>',
  ],
  ['the noscript trick', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<img>"&gt;'],
  [
    'a stray </div> (parsed again without the wrapper): nothing lost, nothing let through',
    'a</div><script>x</script><p onclick="x()">中文</p><b>b</div>c',
    'a<p>中文</p><b>bc</b>',
  ],
  ['nothing', '', ''],
])('%s', (_name, input, output) => {
  expect(sanitizeHtml(input)).toBe(output);
});

test('one call leaves nothing behind for the next', () => {
  sanitizeHtml('<p>first</p><div>unclosed');
  expect(sanitizeHtml('second')).toBe('second');
});
