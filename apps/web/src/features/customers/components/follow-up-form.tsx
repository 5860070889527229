import { FOLLOW_UP_TYPES, type FollowUpType } from '@sales/contract';
import { Button, Form, ImageUploader, Selector, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { showToast } from '../../../lib/toast';
import { useCreateFollowUp } from '../api/create-follow-up';
import { QUEUED_TOAST } from '../../../lib/outbox/submit';
import { uploadImage } from '../../../lib/upload-image';
import { FOLLOW_UP_MAX_IMAGES, FOLLOW_UP_MAX_LENGTH, followUpContentError, nextContactError, suggestedNextContact } from '../follow-up-rules';

interface FollowUpValues {
  type: FollowUpType[];
  content: string;
  images: ImageUploadItem[];
  nextContactAt: Date | null;
}

const INITIAL: FollowUpValues = { type: ['电话'], content: '', images: [], nextContactAt: null };
const TYPE_OPTIONS = FOLLOW_UP_TYPES.map((type) => ({ label: type, value: type }));

/** 写跟进: type, content (≤ 500 with a counter), up to 9 photos, next contact time. */
export function FollowUpForm({ customerId, onDone, onCancel }: { customerId: number; onDone(): void; onCancel(): void }) {
  const [form] = Form.useForm<FollowUpValues>();
  const [uploading, setUploading] = useState(false);
  const create = useCreateFollowUp();

  const submit = async (values: FollowUpValues) => {
    let queued = false;
    try {
      const result = await create.mutateAsync({
        customerId,
        type: values.type[0] ?? '其他',
        content: values.content.trim(),
        images: values.images.map((image) => image.url),
        nextContactAt: values.nextContactAt ? values.nextContactAt.toISOString() : null,
      });
      queued = result.queued;
    } catch {
      // The request layer has told the user what failed; the form stays as it was.
      return;
    }
    // No network: the follow-up waits in 待发送 and goes when the connection returns.
    if (queued) showToast(QUEUED_TOAST);
    else showToast('跟进已保存', 'success');
    form.resetFields();
    onDone();
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
          <Button block type="submit" color="primary" size="large" loading={create.isPending} disabled={create.isPending || uploading} data-testid="follow-up-submit">
            {uploading ? '图片上传中…' : '保存'}
          </Button>
        }
      >
        <Form.Item name="type" label="跟进方式" rules={[{ required: true, message: '请选择跟进方式' }]}>
          <Selector options={TYPE_OPTIONS} columns={4} data-testid="follow-up-type" />
        </Form.Item>
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
          <ImageUploader
            accept="image/*"
            multiple
            maxCount={FOLLOW_UP_MAX_IMAGES}
            upload={async (file) => ({ url: (await uploadImage(file)).url })}
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
          <DateTimeField placeholder="可选" title="下次联系时间" min={new Date()} suggest={suggestedNextContact} testId="follow-up-next" />
        </Form.Item>
      </Form>
    </div>
  );
}
