/**
 * The author's declared conflicts of interest (issue 16): people by e-mail and institutions who
 * should not review the manuscript. Optional; a line needs the e-mail or the institution. The
 * author never sees who the reviewers are: the platform matches the lines against them.
 */
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUBMISSION_LIMITS, type Choices } from '../../server/contract/submissions';
import type { T } from '../shared/orderText';
import { rulesOf, type FormValues, type Settings } from './formRules';

type Props = { form: FormInstance<FormValues>; t: T; settings: Settings; choices: Choices };

export function ConflictsEditor({ form, t, settings, choices }: Props) {
  const ctx = { settings, choices, t };
  return (
    <Form.List name="conflicts">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('submitAuthor:conflicts.hint')}</Typography.Text>
          {rows.map((row, i) => (
            <Row key={row.key} gutter={8} align="top" wrap={false}>
              <Col flex="auto">
                <Row gutter={8}>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={[row.name, 'email']}
                      label={t('submitAuthor:conflicts.email')}
                      validateFirst
                      rules={rulesOf(form, `conflicts.${i}.email`, ctx)}
                    >
                      <Input type="email" maxLength={SUBMISSION_LIMITS.email} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={[row.name, 'organisation']}
                      label={t('submitAuthor:conflicts.organisation')}
                      validateFirst
                      rules={rulesOf(form, `conflicts.${i}.organisation`, ctx)}
                    >
                      <Input maxLength={SUBMISSION_LIMITS.company} autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
              </Col>
              <Col flex="none" style={{ paddingTop: 30 }}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(i)}
                  aria-label={t('submitAuthor:conflicts.remove')}
                  title={t('submitAuthor:conflicts.remove')}
                />
              </Col>
            </Row>
          ))}
          {rows.length < SUBMISSION_LIMITS.conflicts && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ email: '', organisation: '' })}>
              {t('submitAuthor:conflicts.add')}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}
