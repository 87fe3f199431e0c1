export * from './display.ts';
export * from './sheet.ts';
export * from './school-result.ts';
export * from './standings.ts';
export * from './owed-work.ts';
export * from './owed-cells.ts';
export * from './tie-breaks.ts';
