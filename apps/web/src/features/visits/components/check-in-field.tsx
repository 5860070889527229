import type { CheckInInput } from '@sales/contract';
import { Button, Image, SpinLoading } from 'antd-mobile';
import { useRef, useState } from 'react';
import { ImageViewer } from '../../../lib/antd-imperative';
import { uploadImage } from '../../../lib/upload-image';
import { photoPreview } from '../../../lib/outbox/outbox-runtime';
import { geoMessageOf, locate } from '../../../lib/geolocation';

/** A check-in asks for a precise fix and waits up to 15 s for it (the permission prompt not counted). */
const CHECK_IN_TIMEOUT_MS = 15_000;

interface CheckInFieldProps {
  value?: CheckInInput | null;
  onChange?: (value: CheckInInput | null) => void;
  /** Tells the form a photo is uploading (submit waits). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * 拜访签到 in the follow-up form: 签到 asks the browser for the position (only on this tap), 拍照
 * takes a photo with the camera and uploads it. The value goes into the create call's checkIn.
 */
export function CheckInField({ value, onChange, onBusyChange }: CheckInFieldProps) {
  const [locating, setLocating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const checkIn = async () => {
    setLocating(true);
    setError(null);
    try {
      const fix = await locate({ highAccuracy: true, timeoutMs: CHECK_IN_TIMEOUT_MS });
      onChange?.({ ...fix, photo: value?.photo ?? null });
    } catch (caught) {
      setError(geoMessageOf(caught));
    } finally {
      setLocating(false);
    }
  };

  const takePhoto = async (file: File | undefined) => {
    if (!file || !value) return;
    setUploading(true);
    onBusyChange?.(true);
    try {
      const uploaded = await uploadImage(file);
      onChange?.({ ...value, photo: uploaded.url });
    } catch {
      // The request layer has shown why the upload failed.
    } finally {
      setUploading(false);
      onBusyChange?.(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="check-in-field" data-testid="check-in-field">
      <div className="check-in-field__row">
        <Button size="small" color="primary" fill={value ? 'outline' : 'solid'} loading={locating} disabled={locating} onClick={() => void checkIn()} data-testid="check-in-button">
          {value ? '重新定位' : '签到'}
        </Button>
        {value && (
          <span className="check-in-field__fix" data-testid="check-in-status">
            已定位 ±{Math.round(value.accuracy)} 米
          </span>
        )}
        {!value && !error && !locating && <span className="muted">点击签到获取当前位置</span>}
      </div>
      {error && (
        <p className="check-in-field__error" role="alert" data-testid="check-in-error">
          {error}
        </p>
      )}
      {value && (
        <div className="check-in-field__row">
          <Button size="small" fill="outline" disabled={uploading} onClick={() => fileInput.current?.click()} data-testid="check-in-photo-button">
            {value.photo ? '重拍' : '拍照'}
          </Button>
          {uploading && <SpinLoading style={{ '--size': '20px' }} />}
          {value.photo && (
            <Image
              src={photoPreview(value.photo)}
              width={48}
              height={48}
              fit="cover"
              style={{ borderRadius: 6 }}
              onClick={() => ImageViewer.show({ image: photoPreview(value.photo ?? '') })}
              data-testid="check-in-photo"
            />
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(event) => void takePhoto(event.target.files?.[0])}
            data-testid="check-in-photo-input"
          />
        </div>
      )}
    </div>
  );
}
