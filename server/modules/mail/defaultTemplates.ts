/**
 * The built-in texts of the eleven conference e-mails (spec 3 "Email config"), in Chinese and
 * English, and the placeholders each may use. A manager's edit replaces one; "reset" returns to it.
 */
import type { MailKind, MailText } from '../../contract/mail';

// The kinds and the text's shape are the API's (server/contract/mail.ts).
export { MAIL_KINDS, type MailKind, type MailText } from '../../contract/mail';

const COMMON = ['conferenceName', 'name', 'email', 'siteUrl'];

export const PLACEHOLDERS: Record<MailKind, string[]> = {
  registration: [...COMMON, 'registrationCode', 'registrationTime', 'profileUrl'],
  hotelReservation: [...COMMON, 'hotelName', 'roomType', 'checkIn', 'checkOut', 'rooms', 'amount'],
  abstractSubmission: [...COMMON, 'submissionNumber', 'submissionTitle', 'submitTime'],
  inviteReviewer: [...COMMON, 'activationUrl'],
  assignAbstractReview: [...COMMON, 'submissionNumber', 'submissionTitle', 'reviewUrl'],
  submitAbstractReview: [...COMMON, 'submissionNumber', 'submissionTitle', 'reviewer', 'opinion'],
  finalReviewResult: [...COMMON, 'submissionNumber', 'submissionTitle', 'result'],
  chairReviewNotice: [...COMMON, 'submissionNumber', 'submissionTitle', 'reviewUrl'],
  registrationPayment: [...COMMON, 'orderNo', 'amount', 'paidTime'],
  optionalPayment: [...COMMON, 'orderNo', 'item', 'amount', 'paidTime'],
  hotelPayment: [...COMMON, 'orderNo', 'hotelName', 'amount', 'paidTime'],
};

/** Values for the preview beside the editor. */
export const SAMPLE_VALUES: Record<string, string> = {
  conferenceName: 'ICCSE 2027',
  name: '张伟 Alex',
  email: 'alex@example.org',
  siteUrl: 'https://iccse2027.example.org',
  registrationCode: 'ICC27-0001',
  registrationTime: '2027-05-20 10:30',
  profileUrl: 'https://iccse2027.example.org/profile/userInfo',
  hotelName: '西湖国宾馆',
  roomType: '大床房 King room',
  checkIn: '2027-10-14',
  checkOut: '2027-10-18',
  rooms: '1',
  amount: 'CNY 2,400.00',
  submissionNumber: 'S-012',
  submissionTitle: 'Scalable Graph Learning',
  submitTime: '2027-04-01 09:00',
  activationUrl: 'https://iccse2027.example.org/review/active/abc',
  reviewUrl: 'https://iccse2027.example.org/platform/submissionManage/reviewList',
  reviewer: 'Reviewer 1',
  opinion: 'Accept',
  result: 'Accepted',
  orderNo: 'ORD-20270520-0001',
  item: 'Banquet',
  paidTime: '2027-05-21 14:00',
};

const p = (s: string) => `<p>${s}</p>`;
const sign = {
  zh: p('{{conferenceName}} 组委会<br><a href="{{siteUrl}}">{{siteUrl}}</a>'),
  en: p('Organising Committee, {{conferenceName}}<br><a href="{{siteUrl}}">{{siteUrl}}</a>'),
};
const hello = { zh: p('尊敬的 {{name}}：'), en: p('Dear {{name}},') };

function text(subjectZh: string, subjectEn: string, zh: string[], en: string[]): MailText {
  return {
    subjectZh,
    subjectEn,
    bodyZh: [hello.zh, ...zh.map(p), sign.zh].join('\n'),
    bodyEn: [hello.en, ...en.map(p), sign.en].join('\n'),
  };
}

export const DEFAULT_TEMPLATES: Record<MailKind, MailText> = {
  registration: text(
    '【{{conferenceName}}】报名成功',
    '[{{conferenceName}}] Registration confirmed',
    [
      '您已成功报名参加 {{conferenceName}}。您的报名编号是 <strong>{{registrationCode}}</strong>（报名时间 {{registrationTime}}）。',
      '您可以在<a href="{{profileUrl}}">个人中心</a>查看和修改报名信息，并下载胸卡和邀请函。',
    ],
    [
      'You are registered for {{conferenceName}}. Your registration number is <strong>{{registrationCode}}</strong> (registered {{registrationTime}}).',
      'In your <a href="{{profileUrl}}">personal centre</a> you can see and change your registration and download your badge and invitation letter.',
    ],
  ),
  hotelReservation: text(
    '【{{conferenceName}}】酒店预订确认',
    '[{{conferenceName}}] Hotel reservation',
    ['您已预订 {{hotelName}}（{{roomType}}）{{rooms}} 间，入住 {{checkIn}}，退房 {{checkOut}}，应付 {{amount}}。'],
    [
      'You have reserved {{rooms}} × {{roomType}} at {{hotelName}}, from {{checkIn}} to {{checkOut}}; amount due {{amount}}.',
    ],
  ),
  abstractSubmission: text(
    '【{{conferenceName}}】稿件已提交',
    '[{{conferenceName}}] Submission received',
    ['我们已收到您的稿件 {{submissionNumber}}《{{submissionTitle}}》（{{submitTime}}）。评审结果将另行通知。'],
    [
      'We have received your submission {{submissionNumber}} "{{submissionTitle}}" ({{submitTime}}). You will be told the result of the review.',
    ],
  ),
  inviteReviewer: text(
    '【{{conferenceName}}】审稿邀请',
    '[{{conferenceName}}] Invitation to review',
    [
      '诚邀您担任 {{conferenceName}} 的审稿人。请点击以下链接激活审稿账号：<a href="{{activationUrl}}">{{activationUrl}}</a>',
    ],
    [
      'We would be glad to have you as a reviewer for {{conferenceName}}. Please activate your reviewer account: <a href="{{activationUrl}}">{{activationUrl}}</a>',
    ],
  ),
  assignAbstractReview: text(
    '【{{conferenceName}}】新的审稿任务',
    '[{{conferenceName}}] A manuscript to review',
    [
      '稿件 {{submissionNumber}}《{{submissionTitle}}》已分配给您审阅，请在<a href="{{reviewUrl}}">审稿列表</a>中查看。',
    ],
    [
      'Manuscript {{submissionNumber}} "{{submissionTitle}}" has been assigned to you. Please see your <a href="{{reviewUrl}}">review list</a>.',
    ],
  ),
  submitAbstractReview: text(
    '【{{conferenceName}}】审稿意见已提交',
    '[{{conferenceName}}] Review submitted',
    ['{{reviewer}} 已提交稿件 {{submissionNumber}}《{{submissionTitle}}》的审稿意见：{{opinion}}。'],
    ['{{reviewer}} has reviewed manuscript {{submissionNumber}} "{{submissionTitle}}": {{opinion}}.'],
  ),
  finalReviewResult: text(
    '【{{conferenceName}}】稿件评审结果',
    '[{{conferenceName}}] Decision on your submission',
    ['您的稿件 {{submissionNumber}}《{{submissionTitle}}》的评审结果为：<strong>{{result}}</strong>。'],
    ['The decision on your submission {{submissionNumber}} "{{submissionTitle}}" is: <strong>{{result}}</strong>.'],
  ),
  chairReviewNotice: text(
    '【{{conferenceName}}】请给出主席意见',
    '[{{conferenceName}}] Chair decision needed',
    [
      '稿件 {{submissionNumber}}《{{submissionTitle}}》的审稿已完成，请在<a href="{{reviewUrl}}">审稿列表</a>中给出主席意见。',
    ],
    [
      'The reviews of manuscript {{submissionNumber}} "{{submissionTitle}}" are in. Please give the chair decision in your <a href="{{reviewUrl}}">review list</a>.',
    ],
  ),
  registrationPayment: text(
    '【{{conferenceName}}】注册费支付成功',
    '[{{conferenceName}}] Registration fee paid',
    ['我们已收到您的注册费 {{amount}}（订单 {{orderNo}}，{{paidTime}}）。'],
    ['We have received your registration fee of {{amount}} (order {{orderNo}}, {{paidTime}}).'],
  ),
  optionalPayment: text(
    '【{{conferenceName}}】可选费用支付成功',
    '[{{conferenceName}}] Payment received',
    ['我们已收到您为“{{item}}”支付的 {{amount}}（订单 {{orderNo}}，{{paidTime}}）。'],
    ['We have received your payment of {{amount}} for "{{item}}" (order {{orderNo}}, {{paidTime}}).'],
  ),
  hotelPayment: text(
    '【{{conferenceName}}】酒店费用支付成功',
    '[{{conferenceName}}] Hotel payment received',
    ['我们已收到您在 {{hotelName}} 的住宿费 {{amount}}（订单 {{orderNo}}，{{paidTime}}）。'],
    ['We have received your payment of {{amount}} for {{hotelName}} (order {{orderNo}}, {{paidTime}}).'],
  ),
};
