// Filled in below.
export {};
