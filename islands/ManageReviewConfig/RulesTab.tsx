/**
 * The detail rules reviewers answer for each manuscript (spec 3 "Review config", 9 "Review rule
 * titles"): a table on a computer, cards on a phone. A title may hold several points separated
 * by semicolons; the count shown is what a reviewer will be asked. Deleting asks first.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { REVIEW_LIMITS, reviewApi, rulePoints, type ReviewConfig, type ReviewRule } from '../../server/contract/review';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { RuleDialog, type RuleEditing } from './RuleDialog';
import { showError, type T } from './shared';

type Props = { lang: Lang; mobile: boolean; t: T; rules: ReviewRule[]; onSaved: (c: ReviewConfig) => void };

const WRAP = { overflowWrap: 'anywhere', whiteSpace: 'normal' } as const;

export function RulesTab({ lang, mobile, t, rules, onSaved }: Props) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<RuleEditing>(null);
  const full = rules.length >= REVIEW_LIMITS.rules;

  async function remove(r: ReviewRule) {
    try {
      onSaved(await call(reviewApi.removeRule, { params: { id: r.id } }));
      message.success(t('review:deleted'));
    } catch (err) {
      showError(err, t, message);
    }
  }

  const title = (text: string) => (
    <div style={WRAP}>
      {text}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('review:config.pointCount', { count: rulePoints(text).length })}
      </Typography.Text>
    </div>
  );
  const flag = (on: boolean) => (
    <Tag color={on ? 'green' : undefined}>{t(on ? 'review:config.yes' : 'review:config.no')}</Tag>
  );
  const actions = (r: ReviewRule) => (
    <Space size="small" wrap>
      <a role="button" onClick={() => setEditing({ rule: r })}>
        {t('review:config.edit')}
      </a>
      <Popconfirm
        title={t('review:config.confirmDelete')}
        okText={t('review:config.delete')}
        cancelText={t('review:config.cancel')}
        onConfirm={() => remove(r)}
      >
        <a role="button" className="danger-link">
          {t('review:config.delete')}
        </a>
      </Popconfirm>
    </Space>
  );

  // A fixed least width (not max-content), so that long titles wrap and the actions stay in view.
  const columns = [
    { title: t('review:config.sort'), key: 'sort', width: 80, render: (_: unknown, r: ReviewRule) => r.sort },
    { title: t('review:config.titleZh'), key: 'zh', render: (_: unknown, r: ReviewRule) => title(r.titleZh) },
    { title: t('review:config.titleEn'), key: 'en', render: (_: unknown, r: ReviewRule) => title(r.titleEn) },
    {
      title: t('review:config.display'),
      key: 'display',
      width: 120,
      render: (_: unknown, r: ReviewRule) => flag(r.display),
    },
    {
      title: t('review:config.enabled'),
      key: 'enabled',
      width: 90,
      render: (_: unknown, r: ReviewRule) => flag(r.enabled),
    },
    {
      title: t('review:config.actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, r: ReviewRule) => actions(r),
    },
  ];
  // On a phone the page's language leads and the other title follows, smaller.
  const main = (r: ReviewRule) => (lang === 'zh' ? r.titleZh : r.titleEn);
  const other = (r: ReviewRule) => (lang === 'zh' ? r.titleEn : r.titleZh);

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('review:config.rulesHelp')}</Typography.Paragraph>
      <Button
        type="primary"
        disabled={full}
        onClick={() => setEditing({ rule: null })}
        style={{ marginBottom: 12 }}
        block={mobile}
      >
        {t('review:config.addRule')}
      </Button>
      {full && (
        <Typography.Paragraph type="secondary">
          {t('review:tooManyRules', { max: REVIEW_LIMITS.rules })}
        </Typography.Paragraph>
      )}
      {mobile ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rules.map((r) => (
            <Card key={r.id} size="small" title={<span style={WRAP}>{main(r)}</span>}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4, ...WRAP }}>
                {other(r)}
              </Typography.Paragraph>
              <Space wrap size="small" style={{ marginBottom: 8 }}>
                <span>{t('review:config.pointCount', { count: rulePoints(main(r)).length })}</span>
                <span>{t('review:config.sortValue', { sort: r.sort })}</span>
              </Space>
              <Space wrap size="small" style={{ marginBottom: 8 }}>
                <span>
                  {t('review:config.display')} {flag(r.display)}
                </span>
                <span>
                  {t('review:config.enabled')} {flag(r.enabled)}
                </span>
              </Space>
              <div>{actions(r)}</div>
            </Card>
          ))}
          {!rules.length && <Empty description={t('review:config.noRules')} />}
        </Space>
      ) : (
        <Table<ReviewRule>
          size="middle"
          rowKey="id"
          dataSource={rules}
          columns={columns}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('review:config.noRules') }}
        />
      )}
      <RuleDialog t={t} mobile={mobile} editing={editing} onClose={() => setEditing(null)} onSaved={onSaved} />
    </div>
  );
}
