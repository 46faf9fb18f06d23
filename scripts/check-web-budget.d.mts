export declare const FIRST_SCREEN_BUDGET_KB: number;
export declare function firstScreenJs(dist: string): { files: { name: string; gzKb: number }[]; gzKb: number };
