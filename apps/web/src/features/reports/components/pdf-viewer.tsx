/**
 * A PDF rendered page by page with pdf.js: zoom by buttons or a two-finger pinch, "page x / n",
 * 下载, and an error view with 重试. pdf.js (and its worker, a separate file served from our own
 * origin, as the CSP's worker-src allows) is imported only by this module, which only the viewPdf
 * page loads.
 */
import { Button } from 'antd-mobile';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';
import { ErrorState } from '../../../components/list-states';
import { saveBlob } from '../../../lib/save-file';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_MIN = 0.5;
const ZOOM_MAX = 3;
const ZOOM_STEP = 0.25;
const clampZoom = (value: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value * 100) / 100));

function PdfPage({ doc, pageNumber, width }: { doc: PDFDocumentProxy; pageNumber: number; width: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [height, setHeight] = useState(width * 1.414);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void doc.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      setHeight(viewport.height / ratio);
      const context = canvas.getContext('2d');
      if (!context) return;
      task = page.render({ canvas, canvasContext: context, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, width]);
  return (
    <div className="pdf-page" data-page={pageNumber} style={{ width, height }}>
      <canvas ref={canvasRef} style={{ width, height }} aria-label={`第 ${pageNumber} 页`} data-testid="pdf-page" />
    </div>
  );
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; doc: PDFDocumentProxy; blob: Blob };

export function PdfViewer({ load, fileName }: { load(): Promise<Blob>; fileName: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [zoom, setZoom] = useState(1);
  const [current, setCurrent] = useState(1);
  const [containerWidth, setContainerWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const [pinchScale, setPinchScale] = useState(1);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setState({ status: 'loading' });
    void (async () => {
      try {
        const blob = await load();
        const data = new Uint8Array(await blob.arrayBuffer());
        loaded = await getDocument({ data, isEvalSupported: false }).promise;
        if (cancelled) return;
        setCurrent(1);
        setState({ status: 'ready', doc: loaded, blob });
      } catch {
        if (!cancelled) setState({ status: 'error' });
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [attempt, load]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = () => setContainerWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [state.status]);

  // The page whose middle is nearest the middle of the view is the current one.
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const middle = element.scrollTop + element.clientHeight / 2;
    let best = 1;
    let bestDistance = Number.POSITIVE_INFINITY;
    element.querySelectorAll<HTMLElement>('.pdf-page').forEach((page) => {
      const distance = Math.abs(page.offsetTop + page.offsetHeight / 2 - middle);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = Number(page.dataset.page);
      }
    });
    setCurrent(best);
  }, []);

  const distance = (event: TouchEvent) => {
    const [a, b] = [event.touches[0], event.touches[1]];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
  };
  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length === 2) pinch.current = { distance: distance(event), zoom };
  };
  const onTouchMove = (event: TouchEvent) => {
    if (!pinch.current || event.touches.length !== 2 || pinch.current.distance === 0) return;
    // Scale the rendered pages with CSS while the fingers move; re-render once at the end.
    setPinchScale(clampZoom((pinch.current.zoom * distance(event)) / pinch.current.distance) / pinch.current.zoom);
  };
  const onTouchEnd = () => {
    if (!pinch.current) return;
    setZoom(clampZoom(pinch.current.zoom * pinchScale));
    setPinchScale(1);
    pinch.current = null;
  };

  if (state.status === 'error') {
    return <ErrorState title="PDF 加载失败" hint="文件暂时无法打开" onRetry={() => setAttempt((value) => value + 1)} />;
  }
  const pageWidth = Math.max(0, containerWidth - 16) * zoom;
  return (
    <div className="pdf-viewer" data-testid="pdf-viewer">
      <div className="pdf-viewer__toolbar">
        <Button size="small" onClick={() => setZoom((value) => clampZoom(value - ZOOM_STEP))} disabled={zoom <= ZOOM_MIN} aria-label="缩小" data-testid="pdf-zoom-out">
          −
        </Button>
        <span className="pdf-viewer__zoom" data-testid="pdf-zoom">
          {Math.round(zoom * pinchScale * 100)}%
        </span>
        <Button size="small" onClick={() => setZoom((value) => clampZoom(value + ZOOM_STEP))} disabled={zoom >= ZOOM_MAX} aria-label="放大" data-testid="pdf-zoom-in">
          +
        </Button>
        <span className="pdf-viewer__pages" data-testid="pdf-page-indicator">
          {state.status === 'ready' ? `${current} / ${state.doc.numPages}` : '—'}
        </span>
        <Button size="small" color="primary" disabled={state.status !== 'ready'} onClick={() => {
            if (state.status === 'ready') saveBlob(state.blob, fileName);
          }} data-testid="pdf-download">
          下载
        </Button>
      </div>
      <div
        className="pdf-viewer__scroller"
        ref={scroller}
        onScroll={onScroll}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      >
        {state.status === 'loading' ? (
          <div className="page-status">PDF 生成中…</div>
        ) : (
          containerWidth > 0 && (
            <div className="pdf-viewer__pages-list" style={{ transform: pinchScale === 1 ? undefined : `scale(${pinchScale})` }}>
              {Array.from({ length: state.doc.numPages }, (_, index) => (
                <PdfPage key={index + 1} doc={state.doc} pageNumber={index + 1} width={pageWidth} />
              ))}
            </div>
          )
        )}
      </div>
    </div>
  );
}
