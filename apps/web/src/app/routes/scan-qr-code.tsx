import { CustomerScanner } from '../../features/customers/components/customer-scanner';

/** 扫一扫. */
export default function ScanQrCodePage() {
  return <CustomerScanner />;
}
