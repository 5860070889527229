import { NOTICE_KIND_NAMES, type NoticeKind, type NoticeSettings } from '@sales/contract';
import { useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { CardSkeleton, ErrorState } from '../../../components/list-states';
import { showToast } from '../../../lib/toast';
import { noticeSettingsKey, useNoticeSettings } from '../api/get-notice-settings';
import { useUpdateNoticeKind } from '../api/update-notice-kind';
import { readPushState, subscribePush, tellServer, unsubscribePush, type PushState } from '../api/push-subscription';

/** 设置 → 消息通知: a switch per kind of notice, and the channels that bring notices to this phone. */
export function NoticeSettingsPage() {
  const settings = useNoticeSettings();
  if (settings.isPending) return <CardSkeleton count={3} lines={3} />;
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  return (
    <div className="notice-settings">
      <KindSwitches settings={settings.data} />
      <Channels settings={settings.data} />
    </div>
  );
}

function KindSwitches({ settings }: { settings: NoticeSettings }) {
  const update = useUpdateNoticeKind();
  const toggle = (kind: NoticeKind, enabled: boolean) => update.mutate({ kind, enabled });
  return (
    <List header="接收的消息">
      {settings.kinds.map((item) => (
        <List.Item
          key={item.kind}
          extra={<Switch checked={item.enabled} onChange={(enabled) => toggle(item.kind, enabled)} aria-label={`接收${item.name}`} />}
          description={item.enabled ? undefined : '已关闭：不再创建此类消息'}
        >
          {item.name}
        </List.Item>
      ))}
    </List>
  );
}

function Channels({ settings }: { settings: NoticeSettings }) {
  const { wecom, dingtalk, wecomRobot, sms } = settings.channels;
  const smsKinds = sms.kinds.map((kind) => NOTICE_KIND_NAMES[kind]).join('、');
  return (
    <>
      <List header="送达方式">
        <List.Item description="消息中心：所有消息都在 App 内显示" extra="始终开启">
          App 内消息
        </List.Item>
        <List.Item
          description={!wecom.configured ? '服务器未开启企业微信通知' : wecom.linked ? '消息会发到您的企业微信' : '您的账号未关联企业微信，请联系管理员'}
          extra={wecom.configured && wecom.linked ? '已开启' : '不可用'}
        >
          企业微信
        </List.Item>
        {(dingtalk.configured || dingtalk.linked) && (
          <List.Item
            description={!dingtalk.configured ? '服务器未开启钉钉通知' : dingtalk.linked ? '消息会作为工作通知发到您的钉钉' : '您的账号未关联钉钉，请联系管理员'}
            extra={dingtalk.configured && dingtalk.linked ? '已开启' : '不可用'}
            data-testid="notice-channel-dingtalk"
          >
            钉钉
          </List.Item>
        )}
        {wecomRobot.configured && (
          <List.Item description="周报、半月报待提交与催交提醒会发到站点的企业微信群" extra="已开启">
            企业微信群
          </List.Item>
        )}
        <List.Item description={sms.configured ? `${smsKinds}会发短信到您的手机，每天最多 ${sms.dailyCap} 条` : '服务器未开启短信通知'} extra={sms.configured ? '已开启' : '不可用'}>
          短信
        </List.Item>
        <WebPushItem settings={settings} />
      </List>
      <p className="notice-settings__note">推送通知依赖浏览器厂商的推送服务，在中国大陆的许多手机上无法送达；企业微信和钉钉是主要的送达方式。关闭某类消息后，所有方式都不再送达该类消息。</p>
    </>
  );
}

/** This device's Web Push: a switch when the server and the browser both can, otherwise why not. */
function WebPushItem({ settings }: { settings: NoticeSettings }) {
  const { webPush } = settings.channels;
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  const configured = webPush.configured;
  useEffect(() => {
    let live = true;
    readPushState()
      .then((next) => {
        if (!live) return;
        setState(next);
        // This browser's subscription goes to whoever is signed in now (another user may have turned it on here).
        if (next.kind === 'on' && configured) void tellServer(next.subscription, { hideErrorToast: true }).catch(() => undefined);
      })
      .catch(() => live && setState({ kind: 'unsupported', why: '此浏览器不支持推送通知' }));
    return () => {
      live = false;
    };
  }, [configured]);

  if (!webPush.configured || !webPush.publicKey) {
    return (
      <List.Item description="服务器未开启推送通知" extra="不可用">
        本机推送
      </List.Item>
    );
  }
  if (!state) return <List.Item extra="检查中…">本机推送</List.Item>;
  if (state.kind === 'unsupported' || state.kind === 'denied') {
    return (
      <List.Item description={state.kind === 'denied' ? '通知权限已被拒绝，请在浏览器设置中允许通知' : state.why} extra="不可用">
        本机推送
      </List.Item>
    );
  }
  const publicKey = webPush.publicKey;
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on && state.kind === 'off') {
        const granted = await subscribePush(state.registration, publicKey);
        if (!granted) showToast('未获得通知权限');
      } else if (!on && state.kind === 'on') {
        await unsubscribePush(state.subscription);
      }
    } catch {
      showToast('推送设置失败，请稍后重试');
    } finally {
      setState(await readPushState());
      await queryClient.invalidateQueries({ queryKey: noticeSettingsKey });
      setBusy(false);
    }
  };
  return (
    <List.Item
      description={state.kind === 'on' ? '本机会收到消息推送' : '开启后，本机可在 App 未打开时收到消息'}
      extra={<Switch checked={state.kind === 'on'} loading={busy} onChange={(on) => void toggle(on)} aria-label="本机推送" />}
    >
      本机推送
    </List.Item>
  );
}
