import { REPORT_IMAGES_MAX, REPORT_TEXT_MAX, type ReportDetail, type ReportKind, type ReportPreview } from '@sales/contract';
import { Button, Form, TextArea, type ImageUploadItem } from 'antd-mobile';
import { PhotoUploader } from '../../../components/photo-uploader';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { addNavigationInterceptor, nav, type NavigationContext } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useCurrentSiteId, useSession } from '../../auth/session-store';
import { useSaveReport } from '../api/save-report';
import { uploadImage } from '../../../lib/upload-image';
import { loadPhotoPreviews, photoPreview } from '../../../lib/outbox/outbox-runtime';
import { SECTION_LABELS } from '../report-api';
import { clearDraft, draftKey, EMPTY_DRAFT, isBlank, readDraft, sameDraft, writeDraft, type ReportDraft } from '../report-draft';
import { MetricsCard } from './metrics-card';
import { QUEUED_TOAST } from '../../../lib/outbox/submit';
import { Dialog } from '../../../lib/antd-imperative';

interface ReportFormProps {
  kind: ReportKind;
  preview: ReportPreview;
  /** Editing this report instead of writing a new one. */
  existing?: ReportDetail | undefined;
  onSaved(report: ReportDetail): void;
}

function replay(context: NavigationContext): void {
  if (context.kind === 'navigateBack') nav.navigateBack(Number(context.url) || 1);
  else nav[context.kind](context.url);
}

/**
 * Writing (or editing) a report: the computed metrics on top, the three text sections with
 * counters, up to 9 photos. Every change is kept as a local draft; leaving with changes asks first.
 */
export function ReportForm({ kind, preview, existing, onSaved }: ReportFormProps) {
  const labels = SECTION_LABELS[kind];
  const formId = useId();
  const userId = useSession((state) => state.userId);
  const siteId = useCurrentSiteId();
  const key = draftKey({ userId, siteId, kind, period: preview.periodStart, reportId: existing?.id });
  const saved: ReportDraft = useMemo(
    () => (existing ? { summary: existing.summary, plan: existing.plan, problems: existing.problems, images: existing.images } : EMPTY_DRAFT),
    [existing],
  );
  // The draft found when the form opened (after a reload or a failed submit) wins over the saved text.
  const [found] = useState(() => readDraft(key));
  const [draft, setDraft] = useState<ReportDraft>(() => found ?? saved);
  const restored = useRef(found !== null && !sameDraft(found, saved));
  const [uploading, setUploading] = useState(false);
  const save = useSaveReport(kind);
  const dirty = !sameDraft(draft, saved);
  const leaving = useRef(false);

  useEffect(() => {
    if (restored.current) showToast('已恢复上次未提交的草稿');
  }, []);

  useEffect(() => {
    if (dirty && !(existing === undefined && isBlank(draft))) writeDraft(key, draft);
    else clearDraft(key);
  }, [draft, dirty, existing, key]);

  useEffect(() => {
    if (!dirty) return undefined;
    return addNavigationInterceptor((context) => {
      if (leaving.current) return true;
      void Dialog.confirm({
        content: '内容还没有提交，确定离开吗？草稿会保存在本机。',
        confirmText: '离开',
        cancelText: '继续填写',
      }).then((confirmed) => {
        if (!confirmed) return;
        leaving.current = true;
        replay(context);
      });
      return false;
    });
  }, [dirty]);

  // A photo picked offline is its local reference (it waits in the outbox): shown from the phone,
  // also when the draft is reopened after a reload.
  const [, setPreviewsLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    void loadPhotoPreviews(draft.images).then((added) => {
      if (added && live) setPreviewsLoaded((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [draft.images]);
  const images: ImageUploadItem[] = draft.images.map((url) => ({ url, key: url, thumbnailUrl: photoPreview(url) }));
  const update = (patch: Partial<ReportDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const errors = {
    summary: draft.summary.trim() ? null : `请填写${labels.summary}`,
    plan: draft.plan.trim() ? null : `请填写${labels.plan}`,
  };
  const [showErrors, setShowErrors] = useState(false);

  const submit = async () => {
    if (errors.summary || errors.plan) {
      setShowErrors(true);
      return;
    }
    let report: ReportDetail | null;
    try {
      report = await save.mutateAsync({
        id: existing?.id,
        periodStart: preview.periodStart,
        summary: draft.summary.trim(),
        plan: draft.plan.trim(),
        problems: draft.problems.trim(),
        images: draft.images,
      });
    } catch {
      // The request layer has said what failed; the text stays in the form and in the draft.
      return;
    }
    clearDraft(key);
    leaving.current = true;
    // No network: the report waits in 待发送 (the writer shows it there) and goes when it returns.
    if (report === null) return showToast(QUEUED_TOAST);
    showToast(existing ? '已保存修改' : '提交成功', 'success');
    onSaved(report);
  };

  // Each text area is named by its label: antd-mobile's Form.Item ties a label to its field only for
  // fields the form itself keeps (by `name`), so the label is drawn here, for the text area's id.
  const fieldLabel = (field: 'summary' | 'plan' | 'problems', required: boolean) => (
    <label className="adm-form-item-label" htmlFor={`${formId}-${field}`}>
      {labels[field]}
      {required && (
        <span className="adm-form-item-required-asterisk" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );

  const textArea = (field: 'summary' | 'plan' | 'problems', placeholder: string) => (
    <TextArea
      id={`${formId}-${field}`}
      value={draft[field]}
      onChange={(value) => update({ [field]: value })}
      placeholder={placeholder}
      maxLength={REPORT_TEXT_MAX}
      showCount
      autoSize={{ minRows: 3, maxRows: 8 }}
      data-testid={`report-${field}`}
    />
  );

  return (
    <div className="report-form" data-testid="report-form">
      <MetricsCard title={`${preview.label}业绩`} subtitle={`${preview.siteName} · 系统统计`} metrics={existing?.metrics ?? preview.metrics} />
      <Form
        layout="vertical"
        footer={
          <Button
            block
            color="primary"
            size="large"
            loading={save.isPending}
            disabled={save.isPending || uploading}
            onClick={() => void submit()}
            data-testid="report-submit"
          >
            {uploading ? '图片上传中…' : existing ? '保存修改' : '提交'}
          </Button>
        }
      >
        <Form.Item>
          {fieldLabel('summary', true)}
          {textArea('summary', '这段时间做了什么、取得了哪些成果')}
          {showErrors && errors.summary && <div className="form-error">{errors.summary}</div>}
        </Form.Item>
        <Form.Item>
          {fieldLabel('plan', true)}
          {textArea('plan', '接下来的重点工作和目标')}
          {showErrors && errors.plan && <div className="form-error">{errors.plan}</div>}
        </Form.Item>
        <Form.Item>
          {fieldLabel('problems', false)}
          {textArea('problems', '遇到的问题、需要的支持（可选）')}
        </Form.Item>
        <Form.Item label={`图片（最多 ${REPORT_IMAGES_MAX} 张）`}>
          <PhotoUploader
            value={images}
            onChange={(items) => update({ images: items.map((item) => item.url) })}
            accept="image/*"
            multiple
            maxCount={REPORT_IMAGES_MAX}
            upload={async (file) => ({ url: (await uploadImage(file)).url })}
            onUploadQueueChange={(tasks) => setUploading(tasks.some((task) => task.status === 'pending'))}
            onCountExceed={(exceed) => showToast(`最多 ${REPORT_IMAGES_MAX} 张，已忽略 ${exceed} 张`)}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
