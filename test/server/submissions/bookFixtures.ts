/**
 * Seeded book-of-abstracts input for the generator's tests and benchmark: the same seed gives
 * the same book, so a failure can be reproduced and timings compared. Half the abstracts are
 * Chinese, half English, 600–1500 characters, 1–6 authors from a shared pool (so the author
 * index has names on several pages) with 1–3 affiliations, spread over a few sessions plus an
 * unknown one (the "Other" group). A few are pathological on purpose: a 5000-character abstract
 * (taller than a page at four per page), a 3000-character string without a space, a long URL,
 * a very long title, an abstract without authors, empty keywords.
 *
 * Every abstract's text ends with its number in brackets ("… [A-0007]"), so a test can find
 * where the abstract ends in the PDF's text.
 */
import type { BookAbstract, BookInput, BookLayout, BookSession } from '../../../server/modules/submissions/book/types';

/** mulberry32: small, fast, and the same on every machine */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZH_WORDS = (
  '研究 方法 结果 表明 我们 提出 一种 基于 深度学习 的 模型 数据 分析 实验 显著 提高 性能 系统 结构 材料 合成 催化剂 反应 机理 ' +
  '温度 压力 条件 下 通过 利用 采用 测量 观察 发现 具有 良好 稳定性 选择性 效率 环境 生态 城市 交通 网络 算法 优化 计算 ' +
  '模拟 理论 框架 评估 指标 样本 临床 患者 治疗 疾病 基因 蛋白质 细胞 信号 通路 表达 调控 机制 影响 因素 相关性 统计 ' +
  '显微镜 光谱 表征 界面 纳米 薄膜 电化学 储能 电池 电极 能量 密度 循环 寿命 碳 排放 气候 变化 水资源 土壤 农业 产量 ' +
  '政策 经济 社会 发展 区域 差异 历史 文化 教育 学生 教学 质量 语言 文本 图像 识别 检测 精度 鲁棒性 传感器 控制 机器人 ' +
  '结合 进一步 讨论 此外 同时 然而 因此 本文 综述 最新 进展 展望 未来 方向 挑战 应用 前景 重要 意义 关键 问题 新的 思路'
).split(' ');
const ZH_TERMS = ['DNA', 'CRISPR-Cas9', '5G', 'GPU', 'Transformer', 'pH', 'COVID-19', 'X射线', 'LSTM'];
const EN_WORDS = (
  'we propose a novel method for the analysis of large scale data and show that it improves accuracy robustness and efficiency ' +
  'in experiments on several benchmark datasets the results indicate significant differences between groups under controlled ' +
  'conditions using spectroscopy microscopy and numerical simulation catalytic activity selectivity stability of the synthesized ' +
  'materials was evaluated at various temperatures climate change affects water resources agriculture and urban transport networks ' +
  'our framework combines theory with field observations patients were treated according to clinical guidelines gene expression ' +
  'signalling pathways regulate cell growth energy storage batteries electrodes cycle life carbon emissions policy economic social ' +
  'development regional education students teaching quality language models image recognition detection sensors control robots ' +
  'furthermore however therefore this work reviews recent progress and discusses future directions challenges and applications'
).split(' ');
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'.split('');
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍建国志宏海波晨阳雪梅晓东文博宇航思远佳怡子涵浩然'.split('');
const FIRST = [
  'James',
  'Maria',
  'Wei',
  'Anna',
  'David',
  'Yuki',
  'Olga',
  'Pierre',
  'Sofia',
  'Ahmed',
  'Lena',
  'Carlos',
  'Priya',
  'Tom',
  'Elena',
  'Hans',
];
const LAST = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Tanaka',
  'Ivanova',
  'Dubois',
  'Kowalski',
  'Nguyen',
  'Haddad',
  'Johansson',
  'Silva',
  'Patel',
  'Brown',
  'Novak',
  'Schmidt',
];
const ZH_AFFS = [
  '清华大学',
  '北京大学',
  '浙江大学',
  '复旦大学',
  '上海交通大学',
  '南京大学',
  '中国科学院化学研究所',
  '中山大学',
  '武汉大学',
  '四川大学医学院附属华西医院',
];
const EN_AFFS = [
  'Tsinghua University',
  'University of Oxford',
  'ETH Zurich',
  'Massachusetts Institute of Technology',
  'University of Tokyo',
  'Max Planck Institute for Chemistry',
  'Sorbonne University',
  'National University of Singapore',
  'University of Cape Town',
  'Universidade de São Paulo',
];

export const FIXTURE_LAYOUT: BookLayout = {
  perPage: 2,
  showNumber: true,
  title: { font: 'sans', size: 13, bold: true, italic: false },
  author: { font: 'sans', size: 10, bold: false, italic: true },
  content: { font: 'serif', size: 10, bold: false, italic: false },
};

export type FixtureOptions = {
  n: number;
  seed?: number;
  perPage?: 1 | 2 | 4;
  lang?: 'zh' | 'en';
  layout?: Partial<BookLayout>;
};

export const numberOf = (i: number) => `A-${String(i + 1).padStart(4, '0')}`;

/** The pathological abstracts, by index (present when n is large enough). */
export const PATHOLOGICAL = { huge: 3, unbroken: 5, url: 7, longTitle: 11, noAuthors: 13 } as const;

export function bookFixture(o: FixtureOptions): BookInput {
  const r = prng(o.seed ?? 42);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const zhNames = Array.from({ length: 220 }, () => pick(SURNAMES) + pick(GIVEN) + (r() < 0.6 ? pick(GIVEN) : ''));
  const enNames = Array.from({ length: 220 }, () => `${pick(FIRST)} ${pick(LAST)}`);

  const sessions: BookSession[] = Array.from({ length: 6 }, (_, i) => ({
    id: 10 + i,
    title:
      o.lang === 'en'
        ? `Session ${i + 1}: ${pick(['Materials', 'Catalysis', 'Clinical Research', 'Climate', 'Machine Learning', 'Education'])}`
        : `分会场${i + 1}：${pick(['材料科学', '催化化学', '临床医学', '气候变化', '机器学习', '教育研究'])}`,
    // not in id order, so the test sees the sort applied
    sort: (i * 7) % 6,
  }));

  const zhText = (len: number) => {
    let s = '';
    while ([...s].length < len) {
      const n = int(4, 12);
      const parts: string[] = [];
      for (let k = 0; k < n; k++) parts.push(r() < 0.05 ? pick(ZH_TERMS) : pick(ZH_WORDS));
      s += parts.join('') + (r() < 0.7 ? '，' : '。');
      if (r() < 0.04) s += '\n';
    }
    return `${s.replace(/，$/, '')}。`;
  };
  const enText = (len: number) => {
    let s = '';
    while (s.length < len) {
      const n = int(8, 20);
      const ws: string[] = [];
      for (let k = 0; k < n; k++) ws.push(pick(EN_WORDS));
      const sentence = ws.join(' ');
      s += `${sentence[0].toUpperCase()}${sentence.slice(1)}${r() < 0.15 ? ` (n = ${int(10, 999)})` : ''}. `;
      if (r() < 0.06) s += '\n';
    }
    return s.trim();
  };

  const abstracts: BookAbstract[] = Array.from({ length: o.n }, (_, i) => {
    const zh = i % 2 === 0;
    const number = numberOf(i);
    let title = zh
      ? zhText(int(10, 26)).replace(/[，。\n]/g, '')
      : enText(int(40, 110))
          .replace(/[.\n]|\(n = \d+\)/g, '')
          .trim();
    let abstract = zh ? zhText(int(600, 1500)) : enText(int(600, 1500));
    if (i === PATHOLOGICAL.huge) abstract = zhText(5000);
    if (i === PATHOLOGICAL.unbroken)
      abstract = `${enText(200)} ${Array.from({ length: 3000 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(0, 35)]).join('')} ${enText(200)}`;
    if (i === PATHOLOGICAL.url)
      abstract = `${enText(400)} See https://example.org/${'very-long-path-segment/'.repeat(12)}data.csv?query=${'x'.repeat(80)} for the data. ${enText(300)}`;
    if (i === PATHOLOGICAL.longTitle) title = enText(420).replace(/[.\n]/g, '');
    const affPool = zh ? ZH_AFFS : EN_AFFS;
    const affs = Array.from({ length: int(1, 3) }, () => pick(affPool));
    const authorCount = i === PATHOLOGICAL.noAuthors ? 0 : int(1, 6);
    const corresponding = int(0, Math.max(0, authorCount - 1));
    const authors = Array.from({ length: authorCount }, (_, k) => ({
      name: pick(zh ? zhNames : enNames),
      affiliation: k === 0 && r() < 0.1 ? '' : pick(affs),
      corresponding: k === corresponding,
    }));
    const keywords =
      i % 10 === 9
        ? ''
        : Array.from({ length: int(3, 5) }, () =>
            pick(zh ? ZH_WORDS.filter((w) => w.length > 1) : EN_WORDS.filter((w) => w.length > 5)),
          ).join(zh ? '；' : '; ');
    // one in forty belongs to a session the book does not know: it goes to "Other"
    const sessionId = i % 40 === 17 ? 999 : pick(sessions).id;
    return { id: 1000 + i, number, title, sessionId, authors, abstract: `${abstract} [${number}]`, keywords };
  });

  return {
    title:
      o.lang === 'en' ? 'International Conference on Interdisciplinary Science 2025' : '2025年国际交叉科学学术会议',
    lang: o.lang ?? 'zh',
    layout: { ...FIXTURE_LAYOUT, perPage: o.perPage ?? 2, ...o.layout },
    sessions,
    abstracts,
  };
}
