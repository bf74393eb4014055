export * from './attendance';
export * from './calendar';
export * from './classes';
export * from './fees';
export * from './people';
export * from './records';
export * from './schools';
export * from './system';
