import { Button } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentHostApp, HOST_APP_NAMES, HostCancelled } from '../../../lib/host-app/detect';
import { createQrDecoder, decodeImageFile, type QrDecoder } from '../qr-decoder';
import { CAMERA_ABSENT, CAMERA_UNSUPPORTED, cameraErrorMessage, createRepeatGuard } from '../qr-scan';

const SCAN_INTERVAL_MS = 200;
const FRAME_MAX_SIDE = 640;
const REPEAT_WINDOW_MS = 3000;

export interface ScanNotice {
  text: string;
  tone: 'info' | 'error' | 'success';
}

type CameraState = { phase: 'starting' } | { phase: 'live'; torch: boolean | null } | { phase: 'failed'; message: string };

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

interface TorchConstraintSet extends MediaTrackConstraintSet {
  torch?: boolean;
}

function torchSupported(track: MediaStreamTrack | undefined): boolean {
  if (!track || typeof track.getCapabilities !== 'function') return false;
  return (track.getCapabilities() as TorchCapabilities).torch === true;
}

interface QrScannerProps {
  /** A code was read; scanning pauses until the returned promise settles. */
  onDecode(text: string): Promise<void> | void;
  /** What the page has to say about the last code (shown in the result line). */
  notice: ScanNotice | null;
  /** A message for a picked photo without a code, and the like. */
  onNotice(notice: ScanNotice): void;
}

/**
 * Full-screen camera with a viewfinder: frames are decoded every 200 ms (BarcodeDetector, else
 * jsQR), with a torch toggle where the camera has one and 从相册选择 as the way round a camera
 * that is refused or missing. The camera stops when the page is left or hidden.
 *
 * Inside 企业微信 or 钉钉 the host's own scanner opens instead (their webviews often refuse the
 * camera); closing it leaves a 扫一扫 button to open it again, and a host scanner that fails
 * hands over to the camera.
 */
export function QrScanner({ onDecode, notice, onNotice }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const decoder = useRef<Promise<QrDecoder> | null>(null);
  const busy = useRef(false);
  const guard = useRef(createRepeatGuard(REPEAT_WINDOW_MS));
  const picker = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<CameraState>({ phase: 'starting' });
  const [torchOn, setTorchOn] = useState(false);
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  const [host] = useState(currentHostApp);
  /** Inside a host app: its scanner is open (`scanning`) or closed (`idle`); null once on the camera. */
  const [hostScan, setHostScan] = useState<'scanning' | 'idle' | null>(host ? 'scanning' : null);

  const getDecoder = useCallback(() => {
    decoder.current ??= createQrDecoder();
    return decoder.current;
  }, []);

  // The latest handler, so a new callback from the page does not restart the camera.
  const onDecodeRef = useRef(onDecode);
  useEffect(() => {
    onDecodeRef.current = onDecode;
  }, [onDecode]);

  const handle = useCallback(async (text: string) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await onDecodeRef.current(text);
    } finally {
      busy.current = false;
    }
  }, []);

  // The camera runs while the page is shown; leaving or hiding the page stops it.
  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const scanWithHost = useCallback(async () => {
    if (!host) return;
    setHostScan('scanning');
    let text: string;
    try {
      // Loaded only inside a host app: a plain browser never downloads the host SDKs.
      const sdk = await import('../../../lib/host-app/host-sdk');
      text = await sdk.hostScan(host);
    } catch (error) {
      // Closed by the person: wait for 扫一扫. Anything else: the camera takes over.
      setHostScan(error instanceof HostCancelled ? 'idle' : null);
      return;
    }
    setHostScan('idle');
    guard.current.reset();
    await handle(text);
  }, [host, handle]);

  // Inside a host app its scanner opens with the page.
  const opened = useRef(false);
  useEffect(() => {
    if (!host || opened.current) return;
    opened.current = true;
    void scanWithHost();
  }, [host, scanWithHost]);

  const onCamera = hostScan === null;
  useEffect(() => {
    if (!visible || !onCamera) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setCamera({ phase: 'starting' });
    setTorchOn(false);

    const stop = () => {
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      if (video.current) video.current.srcObject = null;
    };

    const scan = async () => {
      const element = video.current;
      if (cancelled || !element) return;
      if (!busy.current && element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        try {
          const text = await (await getDecoder()).decode(element, element.videoWidth, element.videoHeight, FRAME_MAX_SIDE);
          if (text && !cancelled && guard.current.accept(text, Date.now())) await handle(text);
        } catch {
          // A frame that cannot be read (not ready, decoder hiccup) is skipped.
        }
      }
      if (!cancelled) timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ phase: 'failed', message: window.isSecureContext ? CAMERA_ABSENT : CAMERA_UNSUPPORTED });
        return;
      }
      try {
        const media = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } } });
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream.current = media;
        const element = video.current;
        if (element) {
          element.srcObject = media;
          await element.play().catch(() => undefined);
        }
        setCamera({ phase: 'live', torch: torchSupported(media.getVideoTracks()[0]) ? false : null });
        void scan();
      } catch (error) {
        if (!cancelled) setCamera({ phase: 'failed', message: cameraErrorMessage(error) });
      }
    };

    void start();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [visible, onCamera, handle, getDecoder]);

  const toggleTorch = async () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const next = !torchOn;
    try {
      const torch: TorchConstraintSet = { torch: next };
      await track.applyConstraints({ advanced: [torch] });
      setTorchOn(next);
    } catch {
      onNotice({ text: '无法打开手电筒', tone: 'error' });
    }
  };

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    onNotice({ text: '正在识别图片…', tone: 'info' });
    try {
      const text = await decodeImageFile(await getDecoder(), file);
      if (!text) {
        onNotice({ text: '未在图片中识别到二维码，请换一张清晰的图片', tone: 'error' });
        return;
      }
      guard.current.reset();
      await handle(text);
    } catch {
      onNotice({ text: '无法读取该图片，请换一张试试', tone: 'error' });
    }
  };

  const cameraMessage = onCamera && camera.phase === 'failed' ? camera.message : null;
  const idle =
    host && hostScan === 'scanning'
      ? `正在打开${HOST_APP_NAMES[host]}扫一扫…`
      : host && hostScan === 'idle'
        ? '点击「扫一扫」扫描客户二维码'
        : camera.phase === 'failed'
          ? '可从相册选择一张含客户二维码的图片'
          : camera.phase === 'starting'
            ? '正在打开摄像头…'
            : '将二维码放入框内，即可自动扫描';
  const shown: ScanNotice = notice ?? { text: idle, tone: 'info' };

  return (
    <div className="scanner" data-testid="qr-scanner" data-camera={onCamera ? camera.phase : 'host'}>
      <video ref={video} className="scanner__video" muted playsInline autoPlay aria-label="摄像头画面" />
      <div className="scanner__shade" aria-hidden>
        <div className={`scanner__frame${camera.phase === 'live' ? ' scanner__frame--live' : ''}`}>
          <span className="scanner__corner scanner__corner--tl" />
          <span className="scanner__corner scanner__corner--tr" />
          <span className="scanner__corner scanner__corner--bl" />
          <span className="scanner__corner scanner__corner--br" />
          {camera.phase === 'live' && <span className="scanner__line" />}
        </div>
      </div>
      {cameraMessage && (
        <div className="scanner__camera-error" data-testid="scan-camera-error">
          {cameraMessage}
        </div>
      )}
      <div className="scanner__panel">
        <p className={`scanner__result scanner__result--${shown.tone}`} role="status" aria-live="polite" data-testid="scan-result">
          {shown.text}
        </p>
        <div className="scanner__actions">
          {hostScan === 'idle' && (
            <Button shape="rounded" color="primary" className="scanner__button" onClick={() => void scanWithHost()} data-testid="scan-host">
              扫一扫
            </Button>
          )}
          {onCamera && camera.phase === 'live' && camera.torch !== null && (
            <Button shape="rounded" fill="outline" className="scanner__button" onClick={() => void toggleTorch()} data-testid="scan-torch" aria-pressed={torchOn}>
              {torchOn ? '关闭手电筒' : '打开手电筒'}
            </Button>
          )}
          <Button
            shape="rounded"
            color="primary"
            fill={hostScan === 'idle' ? 'outline' : 'solid'}
            className="scanner__button"
            onClick={() => picker.current?.click()}
            data-testid="scan-album"
          >
            <PictureOutline /> 从相册选择
          </Button>
        </div>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          data-testid="scan-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void pickPhoto(file);
          }}
        />
      </div>
    </div>
  );
}
