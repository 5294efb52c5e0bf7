/**
 * The test kit for tool groups, public as `switchboard/testing`: what a group's own tests need,
 * whether the group is built in or a package of its own. Boot a kernel with the group on a database
 * of the run's own (`bootKernel`), call its tools as an MCP client would (`k.call`, `callAs`), check
 * the contract every group keeps (`describeGroupContract`) and cross-tenant isolation
 * (`describeIsolation` with the group's isolation fixture). Run the tests with `npm test -- FILE`:
 * the runner makes the databases (docs/plugins.md, Testing a group).
 */
export { bootKernel, TEST_KERNEL_SECRET, type BootOptions, type TestKernel } from '../helpers/boot.js';
export {
  callAs,
  type CallAs,
  type IsolationFixture,
  type IsolationProbe,
  type SeedHttp,
} from '../harness/isolation.js';
export { describeIsolation, type IsolationOptions } from './describe-isolation.js';
export {
  contractContext,
  describeGroupContract,
  type ContractContext,
  type ContractOptions,
} from './describe-group-contract.js';
export type { GroupUnderTest } from '../harness/groups-under-test.js';
