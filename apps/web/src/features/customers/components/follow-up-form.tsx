import { FOLLOW_UP_TYPES, type CheckInInput, type FollowUp, type FollowUpType } from '@sales/contract';
import { Button, Form, Selector, TextArea, type ImageUploadItem } from 'antd-mobile';
import { PhotoUploader } from '../../../components/photo-uploader';
import { useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { showToast } from '../../../lib/toast';
import { useCreateFollowUp } from '../api/create-follow-up';
import { QUEUED_TOAST } from '../../../lib/outbox/submit';
import { uploadImage } from '../../../lib/upload-image';
import { earliestNextContact, FOLLOW_UP_MAX_IMAGES, FOLLOW_UP_MAX_LENGTH, followUpContentError, latestNextContact, NEXT_CONTACT_STEP_MINUTES, nextContactError, suggestedNextContact } from '../follow-up-rules';

interface FollowUpValues {
  type: FollowUpType[];
  content: string;
  images: ImageUploadItem[];
  nextContactAt: Date | null;
  /** 拜访签到: the position (and photo) taken on the person's tap; only with 拜访. */
  checkIn: CheckInInput | null;
}

const INITIAL: FollowUpValues = { type: ['电话'], content: '', images: [], nextContactAt: null, checkIn: null };
const TYPE_OPTIONS = FOLLOW_UP_TYPES.map((type) => ({ label: type, value: type }));

/** 写跟进: type, content (≤ 500 with a counter), up to 9 photos, next contact time. */
export function FollowUpForm({
  customerId,
  onDone,
  onCancel,
  checkInField,
}: {
  customerId: number;
  /** The follow-up the server saved; null when it waits in 待发送. */
  onDone(created: FollowUp | null): void;
  onCancel(): void;
  /**
   * 拜访签到's control (from the visits feature), shown with 拜访: a form field of CheckInInput | null
   * that calls onBusyChange while its photo uploads.
   */
  checkInField?: (onBusyChange: (busy: boolean) => void) => React.ReactElement;
}) {
  const [form] = Form.useForm<FollowUpValues>();
  const [uploading, setUploading] = useState(false);
  const [checkInBusy, setCheckInBusy] = useState(false);
  const create = useCreateFollowUp();
  const type = Form.useWatch('type', form);
  const isVisit = (type ?? INITIAL.type)[0] === '拜访';

  const submit = async (values: FollowUpValues) => {
    const followType = values.type[0] ?? '其他';
    let result;
    try {
      result = await create.mutateAsync({
        customerId,
        type: followType,
        content: values.content.trim(),
        images: values.images.map((image) => image.url),
        nextContactAt: values.nextContactAt ? values.nextContactAt.toISOString() : null,
        // Only a 拜访 carries a check-in, and only one the person tapped for.
        ...(followType === '拜访' && values.checkIn ? { checkIn: values.checkIn } : {}),
      });
    } catch {
      // The request layer has told the user what failed; the form stays as it was.
      return;
    }
    // No network: the follow-up waits in 待发送 and goes when the connection returns.
    if (result.queued) showToast(QUEUED_TOAST);
    else showToast('跟进已保存', 'success');
    form.resetFields();
    onDone(result.queued ? null : result.data);
  };

  return (
    <div className="follow-up-form" data-testid="follow-up-form">
      <div className="sheet__header">
        <button type="button" className="link-button" onClick={onCancel}>
          取消
        </button>
        <span className="sheet__title">写跟进</span>
        <span style={{ width: 40 }} />
      </div>
      <Form
        form={form}
        layout="horizontal"
        initialValues={INITIAL}
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={create.isPending} disabled={create.isPending || uploading || checkInBusy} data-testid="follow-up-submit">
            {uploading || checkInBusy ? '图片上传中…' : '保存'}
          </Button>
        }
      >
        <Form.Item name="type" label="跟进方式" rules={[{ required: true, message: '请选择跟进方式' }]}>
          <Selector options={TYPE_OPTIONS} columns={4} data-testid="follow-up-type" />
        </Form.Item>
        {isVisit && checkInField && (
          <Form.Item name="checkIn" label="拜访签到" layout="vertical">
            {checkInField(setCheckInBusy)}
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label="跟进内容"
          layout="vertical"
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const message = followUpContentError(value);
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <TextArea placeholder="沟通了什么、客户的反馈、下一步计划" maxLength={FOLLOW_UP_MAX_LENGTH} showCount rows={4} autoSize={{ minRows: 4, maxRows: 8 }} data-testid="follow-up-content" />
        </Form.Item>
        <Form.Item name="images" label={`照片（最多 ${FOLLOW_UP_MAX_IMAGES} 张）`} layout="vertical">
          <PhotoUploader
            accept="image/*"
            multiple
            maxCount={FOLLOW_UP_MAX_IMAGES}
            upload={async (file) => {
              // Offline, the url is the photo's local reference (it waits in the outbox); the thumbnail shows it.
              const { url, thumbnailUrl } = await uploadImage(file);
              return { url, thumbnailUrl };
            }}
            onUploadQueueChange={(tasks) => setUploading(tasks.some((task) => task.status === 'pending'))}
            onCountExceed={(exceed) => showToast(`最多 ${FOLLOW_UP_MAX_IMAGES} 张，已忽略 ${exceed} 张`)}
          />
        </Form.Item>
        <Form.Item
          name="nextContactAt"
          label="下次联系"
          rules={[
            {
              validator: async (_rule, value: Date | null | undefined) => {
                const message = nextContactError(value);
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <DateTimeField placeholder="可选" title="下次联系时间" min={earliestNextContact} max={latestNextContact} minuteStep={NEXT_CONTACT_STEP_MINUTES} suggest={suggestedNextContact} testId="follow-up-next" />
        </Form.Item>
      </Form>
    </div>
  );
}
