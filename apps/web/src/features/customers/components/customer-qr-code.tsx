import { Button } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast';

const QR_SIZE = 240;

/** Draws the code with the customer's name under it, for saving or printing. */
async function posterDataUrl(payload: string, name: string): Promise<string> {
  const scale = 2;
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, payload, { width: QR_SIZE * scale, margin: 2, errorCorrectionLevel: 'M' });
  const poster = document.createElement('canvas');
  poster.width = qr.width;
  poster.height = qr.height + 56 * scale;
  const context = poster.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, poster.width, poster.height);
  context.drawImage(qr, 0, 0);
  context.fillStyle = '#222222';
  context.textAlign = 'center';
  context.font = `600 ${16 * scale}px -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif`;
  context.fillText(name, poster.width / 2, qr.height + 18 * scale, poster.width - 20 * scale);
  context.fillStyle = '#888888';
  context.font = `${12 * scale}px -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif`;
  context.fillText('销售助手 · 客户二维码', poster.width / 2, qr.height + 40 * scale);
  return poster.toDataURL('image/png');
}

/** The customer's QR code (what 扫一扫 reads), with 保存图片 and 打印. */
export function CustomerQrCode({ payload, name }: { payload: string; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    QRCode.toCanvas(target, payload, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [payload]);

  const save = async () => {
    try {
      const link = document.createElement('a');
      link.href = await posterDataUrl(payload, name);
      link.download = `${name}-客户二维码.png`;
      link.click();
    } catch {
      showToast('保存失败，请长按二维码保存或截图');
    }
  };

  const print = () => {
    document.body.classList.add('printing-qr');
    const done = () => {
      document.body.classList.remove('printing-qr');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  return (
    <section className="qr-card" data-testid="customer-qr">
      <canvas ref={canvas} className="qr-card__code" width={QR_SIZE} height={QR_SIZE} data-testid="customer-qr-canvas" data-payload={payload} aria-label={`${name}的客户二维码`} role="img" />
      {failed && <p className="muted">二维码生成失败</p>}
      <div className="qr-card__name">{name}</div>
      <p className="qr-card__hint">
        保存图片或打印后张贴在门店，业务员用「扫一扫」即可打开该客户或认领绑定。
      </p>
      <div className="qr-card__actions">
        <Button color="primary" fill="outline" onClick={() => void save()} data-testid="customer-qr-save">
          保存图片
        </Button>
        <Button fill="outline" onClick={print}>
          打印
        </Button>
      </div>
    </section>
  );
}
