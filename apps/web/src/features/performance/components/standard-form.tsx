import type { StandardRow } from '@sales/contract';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateStandard } from '../api/update-standard';
import { parseTargets, STANDARD_FIELD_LABELS, standardFieldError, type StandardField } from '../standard-rules';

const FIELDS: { field: StandardField; unit: string; inputMode: 'decimal' | 'numeric' }[] = [
  { field: 'targetAmount', unit: '元', inputMode: 'decimal' },
  { field: 'targetOrders', unit: '单', inputMode: 'numeric' },
  { field: 'targetNewCustomers', unit: '位', inputMode: 'numeric' },
];

interface StandardFormProps {
  siteId: number;
  month: string;
  row: StandardRow;
  title: string;
  onDone(): void;
  onCancel(): void;
}

/** Edits one standard: amount, orders, new customers, each checked as it is typed. */
export function StandardForm({ siteId, month, row, title, onDone, onCancel }: StandardFormProps) {
  const [values, setValues] = useState<Record<StandardField, string>>({
    targetAmount: String(row.targetAmount),
    targetOrders: String(row.targetOrders),
    targetNewCustomers: String(row.targetNewCustomers),
  });
  const [touched, setTouched] = useState<Partial<Record<StandardField, boolean>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateStandard();
  const targets = parseTargets(values);

  const submit = async () => {
    setTouched({ targetAmount: true, targetOrders: true, targetNewCustomers: true });
    if (!targets) return;
    setServerError(null);
    try {
      await update.mutateAsync({ siteId, month, staffId: row.staffId, ...targets });
    } catch (error) {
      // Shown in the form (the call does not toast), so the typed values stay for a correction.
      setServerError(error instanceof ApiError && error.message ? error.message : '保存失败，请重试');
      return;
    }
    showToast('业绩标准已保存', 'success');
    onDone();
  };

  return (
    <div className="standard-form" data-testid="standard-form">
      <div className="sheet__header">
        <button type="button" className="link-button" onClick={onCancel}>
          取消
        </button>
        <span className="sheet__title">{title}</span>
        <span style={{ width: 40 }} />
      </div>
      {FIELDS.map(({ field, unit, inputMode }) => {
        const error = touched[field] ? standardFieldError(field, values[field]) : null;
        return (
          <label key={field} className="standard-form__field">
            <span className="standard-form__label">{STANDARD_FIELD_LABELS[field]}</span>
            <span className="standard-form__input">
              <Input
                value={values[field]}
                inputMode={inputMode}
                clearable
                onChange={(value) => setValues((previous) => ({ ...previous, [field]: value }))}
                onBlur={() => setTouched((previous) => ({ ...previous, [field]: true }))}
                aria-invalid={error !== null}
                data-testid={`standard-${field}`}
              />
              <span className="muted">{unit}</span>
            </span>
            {error && (
              <span className="standard-form__error" role="alert" data-testid={`standard-${field}-error`}>
                {error}
              </span>
            )}
          </label>
        );
      })}
      {serverError && (
        <p className="standard-form__error" role="alert" data-testid="standard-server-error">
          {serverError}
        </p>
      )}
      <Button block color="primary" size="large" loading={update.isPending} disabled={update.isPending} onClick={() => void submit()} data-testid="standard-submit">
        保存
      </Button>
    </div>
  );
}
