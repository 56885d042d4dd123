/**
 * The manuscript's authors, in order: given name and surname always; e-mail, phone, country/region
 * and institution as the call's author-information mode says; who is corresponding. Rows are
 * added, removed (one always stays) and moved up or down; each row is a card, one column on a phone.
 */
import { Button, Checkbox, Col, Form, Input, Row, Space } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import type { FormInstance } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUBMISSION_LIMITS, type Choices } from '../../server/contract/submissions';
import { CountrySelect } from '../shared/CountrySelect';
import type { Lang } from '../shared/locale';
import type { T } from '../shared/orderText';
import { EMPTY_AUTHOR, rulesOf, type FormValues, type Settings } from './formRules';

type Props = { form: FormInstance<FormValues>; lang: Lang; t: T; settings: Settings; choices: Choices };

export function AuthorsEditor({ form, lang, t, settings, choices }: Props) {
  const ctx = { settings, choices, t };
  const contact = settings.authorInfo !== 'hide';
  const required = settings.authorInfo === 'required';
  const col = { xs: 24, sm: 12, lg: 8 };
  return (
    <Form.List name="authors">
      {(rows, { add, remove, move }) => (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          {rows.map((row, i) => (
            <Card
              key={row.key}
              size="small"
              title={t('submitAuthor:author.title', { n: i + 1 })}
              extra={
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={t('submitAuthor:author.up')}
                    title={t('submitAuthor:author.up')}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t('submitAuthor:author.down')}
                    title={t('submitAuthor:author.down')}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={rows.length <= 1}
                    onClick={() => remove(i)}
                    aria-label={t('submitAuthor:author.remove')}
                    title={t('submitAuthor:author.remove')}
                  />
                </Space>
              }
            >
              <Row gutter={12}>
                <Col {...col}>
                  <Form.Item
                    name={[row.name, 'name']}
                    label={t('submitAuthor:author.name')}
                    validateFirst
                    rules={rulesOf(form, `authors.${i}.name`, ctx, 'submissions:authorNameRequired')}
                  >
                    <Input maxLength={SUBMISSION_LIMITS.authorName} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...col}>
                  <Form.Item
                    name={[row.name, 'surname']}
                    label={t('submitAuthor:author.surname')}
                    validateFirst
                    rules={rulesOf(form, `authors.${i}.surname`, ctx, 'submissions:authorSurnameRequired')}
                  >
                    <Input maxLength={SUBMISSION_LIMITS.authorName} autoComplete="off" />
                  </Form.Item>
                </Col>
                {contact && (
                  <>
                    <Col {...col}>
                      <Form.Item
                        name={[row.name, 'email']}
                        label={t('submitAuthor:author.email')}
                        validateFirst
                        validateTrigger="onBlur"
                        rules={rulesOf(
                          form,
                          `authors.${i}.email`,
                          ctx,
                          required ? 'submissions:authorEmailRequired' : undefined,
                        )}
                      >
                        <Input inputMode="email" maxLength={SUBMISSION_LIMITS.email} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col {...col}>
                      <Form.Item
                        name={[row.name, 'phone']}
                        label={t('submitAuthor:author.phone')}
                        validateFirst
                        validateTrigger="onBlur"
                        rules={rulesOf(
                          form,
                          `authors.${i}.phone`,
                          ctx,
                          required ? 'submissions:authorPhoneRequired' : undefined,
                        )}
                      >
                        <Input inputMode="tel" maxLength={SUBMISSION_LIMITS.phone} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col {...col}>
                      <Form.Item
                        name={[row.name, 'country']}
                        label={t('submitAuthor:author.country')}
                        rules={rulesOf(form, `authors.${i}.country`, ctx)}
                      >
                        <CountrySelect lang={lang} />
                      </Form.Item>
                    </Col>
                    <Col {...col}>
                      <Form.Item
                        name={[row.name, 'company']}
                        label={t('submitAuthor:author.company')}
                        rules={rulesOf(form, `authors.${i}.company`, ctx)}
                      >
                        <Input maxLength={SUBMISSION_LIMITS.company} autoComplete="off" />
                      </Form.Item>
                    </Col>
                  </>
                )}
              </Row>
              <Form.Item name={[row.name, 'corresponding']} valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox>{t('submitAuthor:author.corresponding')}</Checkbox>
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            disabled={rows.length >= SUBMISSION_LIMITS.authors}
            onClick={() => add({ ...EMPTY_AUTHOR })}
          >
            {t('submitAuthor:author.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
