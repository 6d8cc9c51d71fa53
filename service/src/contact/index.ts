export { type Captcha, type CaptchaOptions, createCaptcha } from './captcha';
export { StoreRateLimitStore } from './rate-limit-store';
export { type ContactDeps, type ContactMessage, createContactRoutes } from './routes';
