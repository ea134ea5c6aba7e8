// Types of find.mjs, for the TypeScript harness.
/** What the finders may look at. */
export interface System {
  env: Record<string, string | undefined>;
  platform: string;
  home: string;
  exists(path: string): boolean;
  list(dir: string): string[];
}
/** A browser and where the finder got it from. */
export interface Found {
  path: string;
  source: string;
}
export declare const CHROMIUM_VARIABLES: string[];
export declare const FIREFOX_VARIABLE: string;
export declare const WEBKIT_VARIABLE: string;
export declare function playwrightCache(system: System): string;
export declare function systemChromiums(system: System): string[];
export declare function findChromium(system: System): Found | undefined;
export declare function findFirefox(system: System): Found | undefined;
export declare function findWebKit(system: System): (Found & { browser: string }) | undefined;
export declare function chromiumAdvice(platform: string): string;
export declare function thisSystem(): Promise<System>;
