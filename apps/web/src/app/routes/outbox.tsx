import { OutboxPage } from '../../features/outbox/components/outbox-page';

/** 设置 → 待发送 (pages/my/outbox): the signed-in user's writes still to be sent. */
export default OutboxPage;
