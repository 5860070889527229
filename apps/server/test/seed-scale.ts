/** Demo data at 5 % (~100 customers, ~1,000 orders) keeps every test file's start-up short. */
export const TEST_SEED_SCALE = 0.05;
