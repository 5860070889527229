/** The demo accounts of DESIGN §6 (password Demo@2025). */
export interface DemoAccount {
  phone: string;
  name: string;
  /** Site names in the order the user's positions list them (the first is the default site). */
  sites: string[];
  /** Whether the home tab is shown (a leader somewhere, or reportAllSites). */
  seesHome: boolean;
}

export const DEMO_PASSWORD = 'Demo@2025';

export const ZHANG_WEI: DemoAccount = { phone: '13800000001', name: '张伟', sites: ['华东一部'], seesHome: false };
export const LI_NA: DemoAccount = { phone: '13800000002', name: '李娜', sites: ['华东一部'], seesHome: true };
export const WANG_QIANG: DemoAccount = { phone: '13800000003', name: '王强', sites: ['华东一部', '华东二部', '华南大区'], seesHome: true };
export const LIU_YANG: DemoAccount = { phone: '13800000004', name: '刘洋', sites: ['华南大区'], seesHome: true };
export const CHEN_JING: DemoAccount = { phone: '13800000005', name: '陈静', sites: ['华东二部'], seesHome: true };

/**
 * Issue 26 §3: 华南大区's leader, who leads 广州一部 and 深圳一部 below it (offered in the switcher as
 * leader positions after the held one), and 广州一部's own leader and salesperson.
 */
export const ZHU_GANG: DemoAccount = { phone: '13910016881', name: '朱刚', sites: ['华南大区', '广州一部', '深圳一部'], seesHome: true };
export const OUYANG_CHEN: DemoAccount = { phone: '13720260001', name: '欧阳晨', sites: ['广州一部'], seesHome: true };

/** The demo's 系统管理员: no positions, so no site and no home tab. */
export const ZHAO_MIN: DemoAccount = { phone: '13800000000', name: '赵敏', sites: [], seesHome: false };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [ZHANG_WEI, LI_NA, WANG_QIANG, LIU_YANG, CHEN_JING];

/** A well-formed mainland mobile number with no account, for failures that count against a phone. */
export const UNKNOWN_PHONE = '13900009999';
