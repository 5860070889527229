// The session every page needs (loaded with the app's entry): /seller/user/
export const userInfo = '/seller/user/info';
export const userLogout = '/seller/user/logout';
