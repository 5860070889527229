// 登录: the login form is the whole page (re-exported: a wrapper would add to the tightest first load).
export { LoginForm as default } from '../../features/auth/components/login-form';
