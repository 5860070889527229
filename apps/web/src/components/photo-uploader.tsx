import { ImageUploader, type ImageUploaderProps } from 'antd-mobile';
import { ImageViewer } from '../lib/antd-imperative';

/**
 * ImageUploader whose viewer shows what the thumbnail shows: a photo still waiting in the outbox
 * has a local reference as its url, which no viewer can open, and its kept copy as the thumbnail.
 */
export function PhotoUploader(props: ImageUploaderProps) {
  const images = props.value ?? [];
  return (
    <ImageUploader
      {...props}
      preview={false}
      onPreview={(index) => {
        ImageViewer.Multi.show({ images: images.map((image) => image.thumbnailUrl ?? image.url), defaultIndex: index });
      }}
    />
  );
}
