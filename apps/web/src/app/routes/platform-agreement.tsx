import { LegalDocument, type LegalSection } from '../../components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    heading: '一、服务内容',
    paragraphs: [
      '平台为入驻商家的销售团队提供销售业绩统计、客户与订单查询、客户关系绑定、周报与半月报、团队考勤与业绩标准管理等服务。订单数据由商家平台同步，业绩按已付款、已发货、已完成的订单以付款时间统计。',
    ],
  },
  {
    heading: '二、数据与权限',
    paragraphs: [
      '业务员可查看本人在当前站点的客户、订单、报告与考勤；站点负责人可查看并管理其负责站点的全部数据并编辑业绩标准；经授权的人员可查看全部站点的报告与业绩。',
      '平台在服务端对每一次访问进行权限校验，任何人不得尝试越权访问他人或其他站点的数据。',
    ],
  },
  {
    heading: '三、双方义务',
    paragraphs: [
      '平台负责保障服务的稳定运行与数据安全，按约定备份数据，及时修复故障。',
      '使用者应遵守企业的管理制度和本协议，保证录入数据真实、准确，并对通过本人账号进行的操作负责。',
    ],
  },
  {
    heading: '四、账号注销',
    paragraphs: ['您可以在“设置—注销账号”中申请注销。注销后您的个人信息将被删除，无法恢复；企业经营所需的订单、客户及报告记录将按企业要求保留。'],
  },
  {
    heading: '五、协议变更',
    paragraphs: ['平台可根据业务发展修改本协议，修改后的协议在应用内公布后生效。'],
  },
];

export default function PlatformAgreementPage() {
  return <LegalDocument title="平台服务协议" effective="2025年10月31日" sections={SECTIONS} />;
}
