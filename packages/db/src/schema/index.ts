export * from './groups';
export * from './users';
export * from './sessions';
export * from './events';
export * from './identity';
