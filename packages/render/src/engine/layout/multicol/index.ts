export { columnSizes, isMulticol } from './column-sizes';
export { layoutMulticol, type MulticolOptions } from './multicol-layout';
export { ColumnHints } from './page-rooms';
