/** The operations of the fees module, one file per part. */
export * from './categories';
export * from './dues';
export * from './payments';
export * from './structures';
