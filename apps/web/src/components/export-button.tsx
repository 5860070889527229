import type { ExportFormat } from '@sales/contract';
import { Button } from 'antd-mobile';
import { ActionSheet } from '../lib/antd-imperative';

interface ExportButtonProps {
  /** A download is running: the button waits and cannot start another. */
  pending: boolean;
  onExport(format: ExportFormat): void;
  testId?: string;
}

const CHOICES: readonly { format: ExportFormat; text: string; description: string }[] = [
  { format: 'csv', text: '导出CSV', description: '通用表格文本，任何表格软件都能打开' },
  { format: 'xlsx', text: '导出Excel', description: 'Excel、WPS 直接打开，金额和时间可计算、排序' },
];

/** 导出 of a filtered list: a sheet asks for CSV or Excel, then the file downloads. */
export function ExportButton({ pending, onExport, testId }: ExportButtonProps) {
  const choose = () => {
    const handler = ActionSheet.show({
      extra: '导出当前筛选结果',
      cancelText: '取消',
      actions: CHOICES.map((choice) => ({
        key: choice.format,
        text: choice.text,
        description: choice.description,
        onClick: () => {
          handler.close();
          onExport(choice.format);
        },
      })),
    });
  };
  return (
    <Button className="filter-row__action" size="mini" fill="outline" color="primary" loading={pending} disabled={pending} onClick={choose} data-testid={testId}>
      导出
    </Button>
  );
}
