/** Page objects of the report pages: the weekly tab and its form, a report, team report, PDF preview. */
import type { Locator, Page, Response } from 'playwright-core';
import type { PickedFile } from './images';

/** Waits for the answer of a report call, e.g. ('weekly', 'create'). */
export function waitForReportCall(page: Page, api: 'weekly' | 'halfmonth', path: string): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === `/seller/${api}/staff/${path}`);
}

/** 我的周报 (tab) and, with ?write=1, the writing form. */
export class WeeklyReportPage {
  constructor(private readonly page: Page) {}

  periodCard(): Locator {
    return this.page.getByTestId('period-card');
  }

  writeButton(): Locator {
    return this.page.getByTestId('period-card-write');
  }

  openButton(): Locator {
    return this.page.getByTestId('period-card-open');
  }

  reports(): Locator {
    return this.page.getByTestId('weekly-list').getByTestId('report-item');
  }

  form(): Locator {
    return this.page.getByTestId('report-form');
  }

  text(field: 'summary' | 'plan' | 'problems'): Locator {
    return this.form().getByTestId(`report-${field}`).locator('textarea:not([aria-hidden])');
  }

  counter(field: 'summary' | 'plan' | 'problems'): Locator {
    return this.form().getByTestId(`report-${field}`).locator('.adm-text-area-count');
  }

  photos(): Locator {
    return this.form().locator('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)');
  }

  submit(): Locator {
    return this.form().getByTestId('report-submit');
  }

  /** Picks a photo and waits for the real upload call to answer. */
  async attach(file: PickedFile): Promise<Response> {
    const uploaded = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/upload/img');
    await this.form().locator('input[type=file]').setInputFiles(file);
    return uploaded;
  }
}

/** 周报业绩详情 / a half-month report in 历史记录. */
export class ReportDetailPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('report-detail');
  }

  summary(): Locator {
    return this.root().getByTestId('report-detail-summary');
  }

  readStatus(): Locator {
    return this.root().getByTestId('report-read-status');
  }

  pdfButton(): Locator {
    return this.root().getByTestId('report-pdf');
  }
}

/** 团队报告. */
export class TeamReportPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('team-report');
  }

  missingNames(): Promise<string[]> {
    return this.root()
      .getByTestId('team-missing')
      .locator('.team-missing__name')
      .allTextContents()
      .then((names) => names.map((name) => name.trim()));
  }

  submitted(name: string): Locator {
    return this.root().getByTestId('team-submitted-item').filter({ has: this.page.locator('.card__title').getByText(name, { exact: true }) });
  }
}

/** 预览PDF. */
export class PdfPreviewPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('pdf-viewer');
  }

  pages(): Locator {
    return this.root().getByTestId('pdf-page');
  }

  indicator(): Locator {
    return this.root().getByTestId('pdf-page-indicator');
  }

  zoom(): Locator {
    return this.root().getByTestId('pdf-zoom');
  }

  zoomIn(): Locator {
    return this.root().getByTestId('pdf-zoom-in');
  }

  download(): Locator {
    return this.root().getByTestId('pdf-download');
  }
}
