import { ErrorBlock } from 'antd-mobile';

/** For pages whose feature area has not shipped yet: their frame and a plain message. */
export function ComingSoon() {
  return (
    <div className="page__body--center">
      <ErrorBlock status="empty" title="该功能即将上线" description="" />
    </div>
  );
}
