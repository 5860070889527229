import { formatMoney } from '@sales/contract';

/** An amount of yuan as the product shows money: `12,345.6元`. */
export function Money({ value, className, testId }: { value: unknown; className?: string; testId?: string }) {
  return <MoneyText text={formatMoney(value)} className={className} testId={testId} />;
}

/** An amount already formatted (formatMoney). */
export function MoneyText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <span className={className ? `money ${className}` : 'money'} data-testid={testId}>
      {text}
    </span>
  );
}
