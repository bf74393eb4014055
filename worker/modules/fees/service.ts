/** The operations of the fees module, one file per part. */
export * from './assignments';
export * from './categories';
export * from './collections';
export * from './dues';
export * from './payments';
export * from './receipts';
export * from './structures';
