export declare const SYSTEM_CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function resolveChromium(
  env?: NodeJS.ProcessEnv,
): Promise<{ path: string; source: 'CHROMIUM_PATH' | 'system' | 'npm' }>;
