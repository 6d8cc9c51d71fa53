export { layoutTable, tableIntrinsicWidths } from './layout-table';
