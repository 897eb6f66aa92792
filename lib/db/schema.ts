export * from '../users/tables';
export * from '../projects/tables';
export * from '../auth/tables';
export * from '../content/tables';
export * from '../mail/tables';
export * from '../http/tables';
export * from '../captcha/tables';
