// Version: /seller/version
export const versionInfo = '/seller/version';
export const versionUpdate = '/seller/version/update';
