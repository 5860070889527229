// The host apps' JS-API signatures (企业微信, 钉钉): /seller/user/host-jsapi/
export const hostJsapiConfig = '/seller/user/host-jsapi/config';
