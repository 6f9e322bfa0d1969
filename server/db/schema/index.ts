export * from './enums.ts';
export * from './reference.ts';
export * from './users.ts';
export * from './files.ts';
export * from './domains.ts';
export * from './auth.ts';
export * from './catalogue.ts';
