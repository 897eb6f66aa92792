export * from '../users/tables';
export * from '../projects/tables';
export * from '../auth/tables';
export * from '../content/tables';
