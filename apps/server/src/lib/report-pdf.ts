/**
 * Print layouts of a report and of a team summary, written with pdfkit. The Chinese glyphs come
 * from Noto Sans SC as the @expo-google-fonts/noto-sans-sc package ships it (full TTF files,
 * OFL), so the PDF renders the same on a machine with no system fonts; pdfkit embeds only the
 * glyphs a document uses.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { formatChinaDateTime, formatMoney, REPORT_KIND_LABELS, type ReportDetail, type TeamReport } from '@sales/contract';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
/** Read once per process: each file is ~10 MB and every PDF uses them. */
function loadFonts() {
  fonts ??= Promise.all([fs.readFile(require.resolve(FONT_FILES.regular)), fs.readFile(require.resolve(FONT_FILES.bold))]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return fonts;
}

const PAGE = { size: 'A4' as const, margin: 50 };
const TEXT = '#1f1f1f';
const MUTED = '#6b6b6b';
const RULE = '#d9d9d9';

type Doc = PDFKit.PDFDocument;

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

async function newDocument(title: string): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({ ...PAGE, info: { Title: title, Creator: '销售助手' }, bufferPages: true });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fillColor(TEXT);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

function heading(doc: Doc, text: string): void {
  doc.font('bold').fontSize(20).fillColor(TEXT).text(text, { align: 'center' });
  doc.moveDown(0.6);
}

function facts(doc: Doc, rows: [string, string][]): void {
  doc.fontSize(11);
  for (const [label, value] of rows) {
    doc.font('bold').fillColor(MUTED).text(`${label}：`, { continued: true }).font('regular').fillColor(TEXT).text(value);
  }
  doc.moveDown(0.8);
}

function sectionTitle(doc: Doc, text: string): void {
  doc.font('bold').fontSize(13).fillColor(TEXT).text(text);
  const y = doc.y + 2;
  doc.moveTo(PAGE.margin, y).lineTo(doc.page.width - PAGE.margin, y).strokeColor(RULE).lineWidth(0.8).stroke();
  doc.moveDown(0.5);
}

/** A ruled table with equal-width columns after the first; header in bold. */
function table(doc: Doc, header: string[], rows: string[][], firstWidth = 0.34): void {
  const width = doc.page.width - PAGE.margin * 2;
  const first = width * firstWidth;
  const rest = (width - first) / Math.max(1, header.length - 1);
  const widths = header.map((_, index) => (index === 0 ? first : rest));
  const rowHeight = 24;
  const draw = (cells: string[], bold: boolean) => {
    if (doc.y + rowHeight > doc.page.height - PAGE.margin) doc.addPage();
    const y = doc.y;
    let x = PAGE.margin;
    doc.font(bold ? 'bold' : 'regular').fontSize(11).fillColor(TEXT);
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? rest;
      doc.text(cell, x + 6, y + 6, { width: cellWidth - 12, lineBreak: false, ellipsis: true, align: index === 0 ? 'left' : 'right' });
      x += cellWidth;
    });
    doc.moveTo(PAGE.margin, y + rowHeight).lineTo(PAGE.margin + width, y + rowHeight).strokeColor(RULE).lineWidth(0.6).stroke();
    doc.x = PAGE.margin;
    doc.y = y + rowHeight;
  };
  draw(header, true);
  for (const row of rows) draw(row, false);
  doc.moveDown(1);
}

function paragraph(doc: Doc, text: string): void {
  doc.font('regular').fontSize(11).fillColor(text ? TEXT : MUTED).text(text || '无', { lineGap: 3 });
  doc.moveDown(0.8);
}

function footer(doc: Doc, generatedAt: Date): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would start a new page; lift the margin while writing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`销售助手 · 生成于 ${formatChinaDateTime(generatedAt)} · 第 ${index - range.start + 1} / ${range.count} 页`, PAGE.margin, doc.page.height - 35, {
        width: doc.page.width - PAGE.margin * 2,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Loads an image's bytes by its URL; null when it cannot be read. */
export type ImageLoader = (url: string) => Promise<Buffer | null>;

const PRINTABLE = (data: Buffer) => (data[0] === 0xff && data[1] === 0xd8) || data.subarray(1, 4).toString('latin1') === 'PNG';

export async function reportPdf(report: ReportDetail, loadImage: ImageLoader, now = new Date()): Promise<Buffer> {
  const kind = REPORT_KIND_LABELS[report.kind];
  const { doc, done } = await newDocument(`${report.staff.username}的${kind} ${report.label}`);
  heading(doc, `${kind} · ${report.label}`);
  facts(doc, [
    ['姓名', report.staff.username],
    ['站点', report.siteName],
    ['周期', `${report.periodStart} 至 ${report.periodEnd}`],
    ['提交时间', formatChinaDateTime(new Date(report.createdAt))],
    ['状态', report.read ? '主管已阅' : '主管未阅'],
  ]);
  const m = report.metrics;
  sectionTitle(doc, '业绩数据');
  table(
    doc,
    ['指标', '实际', '目标'],
    [
      ['订单金额', formatMoney(m.orderAmount), formatMoney(m.targetAmount)],
      ['订单数', String(m.orderCount), String(m.targetOrders)],
      ['新客户', String(m.newCustomers), String(m.targetNewCustomers)],
      ['跟进次数', String(m.followUps), '—'],
      ['金额完成率', percent(m.completion), '100%'],
    ],
  );
  sectionTitle(doc, report.kind === 'weekly' ? '本周总结' : '半月总结');
  paragraph(doc, report.summary);
  sectionTitle(doc, report.kind === 'weekly' ? '下周计划' : '下阶段计划');
  paragraph(doc, report.plan);
  sectionTitle(doc, '问题与支持');
  paragraph(doc, report.problems);

  if (report.images.length > 0) {
    const gap = 12;
    const cell = (doc.page.width - PAGE.margin * 2 - gap) / 2;
    // Keep the heading with the first row of images.
    if (doc.y + 30 + cell > doc.page.height - PAGE.margin) doc.addPage();
    sectionTitle(doc, `图片（${report.images.length}）`);
    let column = 0;
    for (const url of report.images) {
      const data = await loadImage(url);
      if (column === 0 && doc.y + cell > doc.page.height - PAGE.margin) doc.addPage();
      const x = PAGE.margin + column * (cell + gap);
      const y = doc.y;
      if (data && PRINTABLE(data)) {
        doc.image(data, x, y, { fit: [cell, cell], align: 'center', valign: 'center' });
      } else {
        doc.rect(x, y, cell, cell).strokeColor(RULE).stroke();
        doc.font('regular').fontSize(10).fillColor(MUTED).text('此图片格式无法打印，请在应用内查看', x + 10, y + cell / 2 - 6, { width: cell - 20, align: 'center' });
      }
      column = (column + 1) % 2;
      doc.x = PAGE.margin;
      doc.y = column === 0 ? y + cell + gap : y;
    }
  }
  footer(doc, now);
  doc.end();
  return done;
}

export async function teamReportPdf(team: TeamReport, now = new Date()): Promise<Buffer> {
  const kind = REPORT_KIND_LABELS[team.kind];
  const { doc, done } = await newDocument(`团队${kind} ${team.siteName} ${team.label}`);
  heading(doc, `团队${kind}提交情况`);
  facts(doc, [
    ['站点', team.siteName],
    ['周期', `${team.label}（${team.periodStart} 至 ${team.periodEnd}）`],
    ['已提交', `${team.submitted.length} 人`],
    ['未提交', `${team.missing.length} 人`],
  ]);
  sectionTitle(doc, '已提交');
  if (team.submitted.length === 0) paragraph(doc, '');
  else {
    table(
      doc,
      ['姓名', '订单金额', '完成率', '主管查阅'],
      team.submitted.map((row) => [row.staff.username, formatMoney(row.orderAmount), percent(row.completion), row.read ? '已读' : '未读']),
      0.28,
    );
  }
  sectionTitle(doc, '未提交');
  paragraph(doc, team.missing.map((person) => person.username).join('、'));
  footer(doc, now);
  doc.end();
  return done;
}
