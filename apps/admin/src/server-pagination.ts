/** A table paged on the server: its page loaded for the current filter, and its pager (20/50/100 a page). */
import type { EndpointInput, EndpointPath, EndpointResponse } from '@sales/contract';
import type { TablePaginationConfig } from 'antd';
import { useEffect, useState } from 'react';
import { post } from './api';

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

/**
 * The page `path` answers for `filter`, loaded again whenever the filter changes (a new object, so
 * `{ ...filter }` reloads); an answer for an older filter is dropped.
 */
export function useServerPage<P extends EndpointPath>(path: P, filter: EndpointInput<P>) {
  const [data, setData] = useState<EndpointResponse<P> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setLoading(true);
    post(path, filter)
      .then((result) => {
        if (!current) return;
        setData(result);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(failure instanceof Error ? failure.message : '加载失败'))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [path, filter]);
  return { data, loading, error };
}
