/** The pager of a table paged on the server: the answer's page, size and total, 20/50/100 a page. */
import type { TablePaginationConfig } from 'antd';

interface PagedAnswer {
  page: number;
  pageSize: number;
  total: number;
}

export function serverPagination(
  answer: PagedAnswer | null | undefined,
  asked: { page?: number | undefined },
  defaultSize: number,
  unit: string,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: answer?.page ?? asked.page,
    pageSize: answer?.pageSize ?? defaultSize,
    total: answer?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (total) => `共 ${total} ${unit}`,
    onChange,
  };
}
