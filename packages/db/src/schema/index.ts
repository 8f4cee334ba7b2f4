export * from './groups';
export * from './users';
export * from './sessions';
export * from './events';
export * from './identity';
export * from './companies';
export * from './contacts';
export * from './custom-fields';
