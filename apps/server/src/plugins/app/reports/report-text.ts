/** What a report's text and images may be: required parts filled, every part within the limit, images uploaded by us. */
import { REPORT_IMAGES_MAX, REPORT_TEXT_MAX, type ReportKind } from '@sales/contract';
import { badRequest } from '../../../lib/errors.js';
import { uploadKeysOf } from '../uploads/uploaded-images.js';

interface CleanText {
  summary: string;
  plan: string;
  problems: string;
  images: string[];
  keys: string[];
}

export function cleanText(kind: ReportKind, body: { summary: string; plan: string; problems?: string | undefined; images?: string[] | undefined }): CleanText {
  const summary = checkedText(body.summary, kind === 'weekly' ? '本周总结' : '半月总结', true);
  const plan = checkedText(body.plan, kind === 'weekly' ? '下周计划' : '下阶段计划', true);
  const problems = checkedText(body.problems ?? '', '问题与支持', false);
  const images = body.images ?? [];
  if (images.length > REPORT_IMAGES_MAX) throw badRequest(`最多上传${REPORT_IMAGES_MAX}张图片`);
  return { summary, plan, problems, images, keys: uploadKeysOf(images) };
}

/** Trimmed text within the limit, counted in characters as the counter on the page counts them. */
function checkedText(value: string, label: string, required: boolean): string {
  const text = value.trim();
  if (required && !text) throw badRequest(`请填写${label}`);
  if ([...text].length > REPORT_TEXT_MAX) throw badRequest(`${label}不能超过${REPORT_TEXT_MAX}字`);
  return text;
}
