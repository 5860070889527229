import { PoolBrowser } from '../../features/pool/components/pool-browser';

/** 公海客户 (?keyword=, ?level=, ?lastOwner=): the current site's customers without an owner. */
export default function CustomerPoolPage() {
  return <PoolBrowser />;
}
