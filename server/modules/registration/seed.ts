/**
 * The demo conferences' registration: open for a year from the first start, with instructions
 * in both languages and a form that shows every kind of item a manager can add.
 */
import type { Db } from '../../db/index';
import { defaultRules } from '../../contract/registrationRules';
import { type FormRules } from '../../contract/registration';
import * as settingsRepo from './settingsRepo';
import { saveRules } from './forms';
import { todayIn } from '../../platform/localTime';

const DAY = 86_400_000;

/** Each demo conference's own topics (issue 18: the second demo offered the first one's). */
const DEMO_TOPICS: Record<string, Array<{ value: string; zh: string; en: string }>> = {
  demo: [
    { value: 'ai', zh: '人工智能', en: 'Artificial intelligence' },
    { value: 'hpc', zh: '高性能计算', en: 'High-performance computing' },
    { value: 'data', zh: '数据科学', en: 'Data science' },
  ],
  demo2: [
    { value: 'climate', zh: '气候变化', en: 'Climate change' },
    { value: 'ecosystems', zh: '生态系统与生物多样性', en: 'Ecosystems and biodiversity' },
    { value: 'policy', zh: '可持续发展政策', en: 'Sustainability policy' },
  ],
};

function demoForm(slug: string): FormRules {
  const rules = defaultRules();
  // The instructions ask for passport details for a visa letter: the passport number is asked for.
  for (const item of rules.items) if (['post', 'gender', 'passport'].includes(item.field)) item.mode = 'optional';
  rules.items.push(
    {
      field: 'c_attendance',
      custom: true,
      type: 'radio',
      titleZh: '参会方式',
      titleEn: 'Attendance',
      mode: 'required',
      options: [
        { value: 'onsite', zh: '现场参会', en: 'On site' },
        { value: 'online', zh: '线上参会', en: 'Online' },
      ],
    },
    {
      field: 'c_topics',
      custom: true,
      type: 'checkBox',
      titleZh: '感兴趣的议题',
      titleEn: 'Topics of interest',
      mode: 'optional',
      options: DEMO_TOPICS[slug] ?? DEMO_TOPICS.demo,
    },
    {
      field: 'c_cv',
      custom: true,
      type: 'file',
      titleZh: '个人简历',
      titleEn: 'Short CV',
      mode: 'optional',
      options: [],
    },
  );
  return rules;
}

export async function seedDemoRegistration(
  db: Db,
  conferenceId: number,
  codePrefix: string,
  slug = 'demo',
): Promise<void> {
  if (await settingsRepo.findSettings(db, conferenceId)) return;
  const zone = 'Asia/Shanghai';
  await settingsRepo.ensureSettings(db, conferenceId);
  await settingsRepo.updateSettings(db, conferenceId, {
    start_date: todayIn(zone, new Date(Date.now() - 30 * DAY)),
    end_date: todayIn(zone, new Date(Date.now() + 365 * DAY)),
    instructions_zh:
      '<p>欢迎报名参会。请如实填写个人信息，报名成功后可在个人中心下载胸卡和邀请函。</p><p>如需签证邀请函，请填写护照信息。</p>',
    instructions_en:
      '<p>Welcome! Please fill in your details truthfully. After registering you can download your badge and invitation letter in the personal centre.</p><p>If you need a visa invitation letter, please give your passport details.</p>',
    code_prefix: codePrefix,
  });
  await saveRules(db, conferenceId, 'default', demoForm(slug));
}
