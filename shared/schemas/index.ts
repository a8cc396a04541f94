export * from './constraint';
export * from './segment';
export * from './event';
export * from './strategy-type';
export * from './archive';
export * from './ui-config';
export * from './error';
export * from './instance';
