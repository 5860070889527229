// Accounts and sessions: /seller/user/
export const userSendCode = '/seller/user/send/msg';
export const userSendOwnCode = '/seller/user/send';
export const userLogin = '/seller/user/v2/login';
// Sign-in through 企业微信 or 钉钉 (issue 28 §1)
export const userHostProviders = '/seller/user/host/providers';
export const userHostLoginStart = '/seller/user/host/start';
export const userHostLogin = '/seller/user/host/login';
export const userCheckCode = '/seller/user/check';
export const userResetPhone = '/seller/user/reset/tel';
export const userUpdatePassword = '/seller/user/password/update';
export const userResetStaffPassword = '/seller/user/reset/staff/password';
export const userDelete = '/seller/user/write/off/web';
