import { formatMoney, isMobile, TEXTAREA_MAX_LENGTH } from '@sales/contract';
import { Button, Empty, Form, Input, List, Skeleton, Tag, TextArea } from 'antd-mobile';
import { ChangeIndicator } from '../../components/change-indicator';
import { Chart } from '../../components/chart';
import { CompletionBar } from '../../components/completion-bar';
import { showToast } from '../../lib/toast';

const DEMO_DAYS = ['11-01', '11-02', '11-03', '11-04', '11-05', '11-06', '11-07'];
const DEMO_SERIES = [
  { name: '销售额', kind: 'bar' as const, values: [12800, 9600, 15320.5, 0, 20400, 18760, 11230], format: formatMoney },
  { name: '订单数', kind: 'line' as const, values: [8, 6, 11, 0, 14, 12, 7], format: (value: number) => `${value}单`, axis: 1 as const, axisFormat: String },
];

/** The component conventions of the app, loaded as its own chunk. */
export default function DemoPage() {
  return (
    <div style={{ paddingBottom: 32 }}>
      <List header="金额（zh-CN 分组 + 元）">
        <List.Item extra={formatMoney(12345.6)}>12345.6</List.Item>
        <List.Item extra={formatMoney(0.5)}>0.5</List.Item>
        <List.Item extra={formatMoney(Number.NaN)}>无效数值</List.Item>
      </List>
      <List header="状态标签">
        <List.Item>
          <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            <Tag color="warning">待付款</Tag>
            <Tag color="primary">已付款</Tag>
            <Tag color="var(--app-color-info)">已发货</Tag>
            <Tag color="success">已完成</Tag>
            <Tag color="default">已取消</Tag>
            <Tag color="danger">已退款</Tag>
          </div>
        </List.Item>
        <List.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <ChangeIndicator label="环比上升（红）" rate={0.125} />
            <ChangeIndicator label="环比下降（绿）" rate={-0.031} />
            <ChangeIndicator label="同比" rate={null} />
          </div>
        </List.Item>
        <List.Item>
          <CompletionBar rate={0.874} />
        </List.Item>
      </List>
      <List header="图表（按需加载 ECharts）" />
      <Chart label="示例：一周销售额与订单数" categories={DEMO_DAYS} series={DEMO_SERIES} testId="demo-chart" />
      <List header="加载与空状态">
        <List.Item>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </List.Item>
        <List.Item>
          <Empty description="暂无客户" />
        </List.Item>
      </List>
      <List header="表单" />
      <Form
        layout="horizontal"
        onFinish={() => showToast('提交成功', 'success')}
        footer={
          <Button block type="submit" color="primary">
            提交
          </Button>
        }
      >
        <Form.Item
          name="phone"
          label="手机号"
          rules={[{ required: true, message: '请输入手机号' }, { validator: async (_, value: string) => { if (value && !isMobile(value)) throw new Error('请输入正确的手机号'); } }]}
        >
          <Input placeholder="11位手机号" inputMode="numeric" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <TextArea maxLength={TEXTAREA_MAX_LENGTH} showCount placeholder="最多140字" />
        </Form.Item>
      </Form>
    </div>
  );
}
