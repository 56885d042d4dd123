/**
 * A date item of the registration form: antd's DatePicker with dayjs, a third of the form's code,
 * so it is its own chunk, loaded only for forms that ask a date (fields.tsx: useDateItem).
 */
import { DatePicker, Form, type FormRule } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

export type DateItemProps = { field: string; title: string; required: FormRule[]; mobile: boolean; lang: 'zh' | 'en' };

export function DateItem({ field, title, required, mobile, lang }: DateItemProps) {
  // The calendar's month and weekday names are dayjs's (antd's locale has the rest); a page has one language.
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <Form.Item
      name={field}
      label={title}
      rules={required}
      getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
      normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '')}
    >
      <DatePicker style={{ width: '100%' }} inputReadOnly={mobile} />
    </Form.Item>
  );
}
