/**
 * 系统设置: how this server is configured, read-only. Everything here comes from the server's
 * environment variables (README, Configuration) and changes with a restart; no secret is shown,
 * only whether it is set. Below them, 通讯录同步 and 公海规则: set here and kept in the database.
 */
import type { AdminSettings } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { post } from './api';
import { DirectorySyncCard } from './directory-sync';
import { PoolRulesCard } from './pool-rules';

/** antd's green tag text is 3.4:1 on its background: a darker green keeps 4.5:1 (axe). */
const ON_STYLE = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const onOff = (on: boolean, onText = '已开启', offText = '未开启') => <Tag style={on ? ON_STYLE : undefined}>{on ? onText : offText}</Tag>;

export function SettingsPage() {
  const [settings, setSettings] = useState<AdminSettings | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    post(ROUTES.adminSettings)
      .then(setSettings)
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : '读取失败'));
  }, []);

  if (error) return <Alert type="error" showIcon title={error} />;
  if (!settings) return <Spin aria-label="加载中" />;
  const { sms, notices } = settings;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="info" showIcon title="以下设置由服务器的环境变量决定（见 README 的 Configuration 一节），修改后重启服务生效。页面不显示任何密钥。" />
      <Card title="运行环境">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="数据库">{settings.database === 'postgres' ? 'PostgreSQL（DATABASE_URL）' : '内置 PGlite（DATA_DIR）'}</Descriptions.Item>
          <Descriptions.Item label="Redis（多实例共享会话与限流）">{onOff(settings.redis, '已连接', '未配置')}</Descriptions.Item>
          <Descriptions.Item label="登录有效期">{settings.sessionDays} 天</Descriptions.Item>
          <Descriptions.Item label="图片上传上限">{(settings.maxUploadBytes / 1024 / 1024).toFixed(1)} MB</Descriptions.Item>
          <Descriptions.Item label="拜访签到偏离距离">{settings.visitDeviationMeters} 米</Descriptions.Item>
          <Descriptions.Item label="平台订单接入（X-Api-Key）">{onOff(settings.orderIntegration, '已配置', '未配置')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="短信">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="短信服务">{sms.provider === 'aliyun' ? '阿里云短信' : '控制台模式（不真正发出，验证码写入服务器日志）'}</Descriptions.Item>
          <Descriptions.Item label="短信签名">{sms.signName ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="消息通知渠道">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="企业微信应用消息">{notices.wecom ? `企业 ${notices.wecom.corpId} · 应用 ${notices.wecom.agentId}` : onOff(false)}</Descriptions.Item>
          <Descriptions.Item label="钉钉工作通知">{notices.dingtalk ? `企业 ${notices.dingtalk.corpId} · 应用 ${notices.dingtalk.agentId}` : onOff(false)}</Descriptions.Item>
          <Descriptions.Item label="企业微信群机器人">{notices.wecomRobotSites.length > 0 ? `站点 ${notices.wecomRobotSites.join('、')}` : onOff(false)}</Descriptions.Item>
          <Descriptions.Item label="短信通知">{notices.smsDailyCap === null ? onOff(false) : `已开启，每人每天最多 ${notices.smsDailyCap} 条`}</Descriptions.Item>
          <Descriptions.Item label="Web Push">{onOff(notices.webPush)}</Descriptions.Item>
          <Descriptions.Item label="应用公网地址">{notices.publicUrl ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="本实例">
            定时任务 {onOff(notices.scheduler, '运行', '不运行')} 推送投递 {onOff(notices.dispatcher, '运行', '不运行')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <DirectorySyncCard />
      <PoolRulesCard />
    </Space>
  );
}
