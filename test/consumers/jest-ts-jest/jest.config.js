/* global module */
// What `npx ts-jest config:init` writes: no transformIgnorePatterns, no moduleNameMapper.
/** @type {import('ts-jest').JestConfigWithTsJest} **/
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', {}],
  },
};
