// The bench pages (skeleton/, stack-results/, stack-cold/) import the stack's styles as Vite does.
declare module '*.css';
