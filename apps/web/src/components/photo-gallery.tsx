import { Image } from 'antd-mobile';
import { ImageViewer } from '../lib/antd-imperative';

/**
 * A row of photos (a follow-up's, a 拜访's, a report's) that opens the viewer at the tapped one.
 * Nothing when there are none.
 */
export function PhotoGallery({ images, size = 72, className, testId }: { images: readonly string[]; size?: number; className: string; testId?: string }) {
  if (images.length === 0) return null;
  return (
    <div className={className} data-testid={testId}>
      {images.map((url, index) => (
        <Image
          key={url}
          src={url}
          width={size}
          height={size}
          fit="cover"
          lazy
          alt={`图片 ${index + 1}`}
          style={{ borderRadius: 6 }}
          onClick={() => ImageViewer.Multi.show({ images: [...images], defaultIndex: index })}
        />
      ))}
    </div>
  );
}
