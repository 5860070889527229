/**
 * The suite runs in E2E_WORKERS workers (1 by default; `E2E_WORKERS=2` runs two lanes, which gained
 * 1,021 → 858 s on two cores once; on 2026-11-29 two lanes took 925 s where one had taken 1,100 s
 * before that day's cheaper harness: each test runs about twice as slow beside another, as Chromium's
 * processes fill both cores). Each worker has a lane of its own — a server with its own database and
 * its own 企业微信 and 钉钉 stand-ins — so the files of one worker run one after another against
 * their lane, as the whole suite once ran against one server, and no two files share a server at
 * the same time.
 */
export interface E2eLane {
  /** Where the lane's server listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** The 企业微信 and 钉钉 stand-ins the lane's server calls. */
  wecomStandIn: string;
  dingtalkStandIn: string;
}

function workersFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 8) {
    throw new Error(`E2E_WORKERS must be a whole number from 1 to 8, not "${value}"`);
  }
  return workers;
}

export const E2E_WORKERS = workersFrom(process.env.E2E_WORKERS);
